import { useRef } from 'preact/hooks';
import { MAX_CUSTOM_INSTRUCTION_CHARS, MAX_CUSTOM_INSTRUCTIONS } from '../../lib/api/limits.ts';
import type { InstructionProblem } from '../../lib/features/translation-controls/checks.ts';
import type { TranslationControlsModel } from '../../lib/features/translation-controls/model.ts';
import { codePoints } from '../../lib/settings/translation-controls.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';

function problemText(problem: InstructionProblem, length: number, language: string): string {
  switch (problem) {
    case 'empty':
      return t('advInstrEmpty', 'Write the instruction first.');
    case 'too_long':
      return t('advInstrTooLong', 'An instruction can have at most $1 characters; this one has $2. Shorten it.', [
        formatNumber(MAX_CUSTOM_INSTRUCTION_CHARS),
        formatNumber(length),
      ]);
    case 'too_many':
      return t('advInstrTooMany', '$1 already has $2 instructions, the most the service takes. Remove one first.', [
        language,
        formatNumber(MAX_CUSTOM_INSTRUCTIONS),
      ]);
    case 'duplicate':
      return t('advInstrDuplicate', 'This instruction is already in the list.');
  }
}

/** Custom instructions of one target language: list, add, edit, remove, with the contract's limits. */
export function InstructionsEditor({ model, language }: { model: TranslationControlsModel; language: string }) {
  const input = useRef<HTMLTextAreaElement>(null);
  const code = model.targetCode.value;
  const list = model.instructions.value;
  const draft = model.instructionDraft.value;
  const editing = model.instructionEditing.value;
  const problem = model.instructionProblem.value;
  const length = codePoints(draft.trim());
  const over = length > MAX_CUSTOM_INSTRUCTION_CHARS;
  const error = problem ? problemText(problem, length, language) : undefined;

  async function submit(e: Event) {
    e.preventDefault();
    const saved =
      editing === undefined
        ? t('advInstrAdded', 'Instruction for $1 added.', language)
        : t('advInstrSaved', 'Instruction for $1 saved.', language);
    if (await model.submitInstruction(saved)) input.current?.focus();
  }

  function edit(index: number) {
    model.editInstruction(index);
    input.current?.focus();
  }

  return (
    <div class="adv-block">
      <h3 id="adv-instr-title">{t('advInstrTitle', 'Custom instructions for $1', language)}</h3>
      <p class="hint">
        {t(
          'advInstrHint',
          'Short rules the service follows when translating into this language, such as “Address the reader informally”. At most $1, each at most $2 characters.',
          [formatNumber(MAX_CUSTOM_INSTRUCTIONS), formatNumber(MAX_CUSTOM_INSTRUCTION_CHARS)],
        )}
      </p>
      <p class="adv-count" id="adv-instr-count">
        {t('advInstrCount', '$1/$2 instructions', [formatNumber(list.length), formatNumber(MAX_CUSTOM_INSTRUCTIONS)])}
      </p>
      {list.length === 0 ? (
        <p class="empty">{t('advInstrNone', 'No instructions for $1 yet.', language)}</p>
      ) : (
        <ol class="adv-instructions" aria-label={t('advInstrListLabel', 'Custom instructions for $1', language)}>
          {list.map((text, i) => (
            <li key={text}>
              <div class="adv-instr">
                <span class="adv-instr-text">{text}</span>
                <span class="row">
                  <button
                    type="button"
                    aria-label={t('advInstrEditOf', 'Edit instruction $1', formatNumber(i + 1))}
                    onClick={() => edit(i)}
                  >
                    {t('advEdit', 'Edit')}
                  </button>
                  <button
                    type="button"
                    class="danger"
                    aria-label={t('advInstrRemoveOf', 'Remove instruction $1', formatNumber(i + 1))}
                    onClick={() =>
                      void model.removeInstruction(
                        code,
                        i,
                        t('advInstrRemoved', 'Instruction for $1 removed.', language),
                      )
                    }
                  >
                    {t('advRemove', 'Remove')}
                  </button>
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} noValidate>
        <Field
          label={
            editing === undefined
              ? t('advInstrNew', 'New instruction')
              : t('advInstrEditing', 'Instruction $1', formatNumber(editing + 1))
          }
          hint={t('advInstrChars', '$1/$2 characters', [
            formatNumber(length),
            formatNumber(MAX_CUSTOM_INSTRUCTION_CHARS),
          ])}
          error={error}
        >
          {({ id, describedBy }) => (
            <textarea
              ref={input}
              id={id}
              rows={2}
              class={over ? 'over' : undefined}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              value={draft}
              onInput={(e) => model.setInstructionDraft(e.currentTarget.value)}
            />
          )}
        </Field>
        <div class="row">
          <button type="submit" class="primary">
            {editing === undefined ? t('advInstrAdd', 'Add instruction') : t('advInstrSave', 'Save instruction')}
          </button>
          {editing !== undefined && (
            <button type="button" onClick={() => model.cancelInstruction()}>
              {t('optCancel', 'Cancel')}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
