import type { EntriesModel } from '../../lib/features/glossaries/entries-model.ts';
import { lineText } from '../../lib/features/glossaries/import-session.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { countText } from '../../lib/ui/plural.ts';
import { Status } from '../ui/Status.tsx';

/** More bad lines than this are counted, not listed: the person will rather fix the file or skip them. */
const MAX_LISTED = 50;

function FixLine({ model, line, reasons }: { model: EntriesModel; line: number; reasons: string[] }) {
  const text = model.lineDraft(line);
  const inputId = `fix-line-${line}`;
  return (
    <li class="problem">
      <span class="problem-reason" id={`${inputId}-reason`}>
        {t('glLineProblem', 'Line $1: $2', [formatNumber(line), reasons.join('; ')])}
      </span>
      <span class="row">
        <label class="visually-hidden" for={inputId}>
          {t('glFixLineLabel', 'Corrected text of line $1', formatNumber(line))}
        </label>
        <input
          id={inputId}
          type="text"
          class="mono"
          aria-describedby={`${inputId}-reason`}
          value={text}
          onInput={(e) => model.setLineDraft(line, e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              model.fixLine(line, text);
            }
          }}
        />
        <button
          type="button"
          aria-label={t('glApplyFixTo', 'Apply fix: line $1', formatNumber(line))}
          onClick={() => model.fixLine(line, text)}
        >
          {t('glApplyFix', 'Apply fix')}
        </button>
      </span>
    </li>
  );
}

/** A loaded file whose first line names the columns: the person says whether it is an entry. */
function HeaderQuestion({ model, line }: { model: EntriesModel; line: number }) {
  return (
    <section aria-labelledby="header-question" class="problems-panel">
      <h3 id="header-question">{t('glHeaderTitle', 'Is the first line column names?')}</h3>
      <p>
        {t(
          'glHeaderText',
          'Line $1, “$2”, looks like the names of the columns, not an entry. Imported, it would replace every “$3” in translations.',
          [formatNumber(line), lineText(model.state.value, line), firstPhrase(model, line)],
        )}
      </p>
      <div class="row">
        <button type="button" class="primary" onClick={() => model.skipHeader()}>
          {t('glHeaderSkip', 'Skip it')}
        </button>
        <button type="button" onClick={() => model.keepHeader()}>
          {t('glHeaderKeep', 'Keep it as an entry')}
        </button>
      </div>
    </section>
  );
}

/** The source phrase of a line, as the format splits it. */
function firstPhrase(model: EntriesModel, line: number): string {
  const text = lineText(model.state.value, line);
  const separator = model.separator.value;
  return (text.split(separator)[0] ?? '').replace(/^"|"$/g, '').trim();
}

/**
 * Every bad line with its number and reason. Nothing is sent while one is left: the person fixes a
 * line in place, skips the bad lines, or cancels.
 */
export function ImportProblems({ model }: { model: EntriesModel }) {
  if (!model.showProblems.value) return null;
  const progress = model.checking.value;
  if (progress) {
    // The status is announced once; the bar moves without announcements.
    return (
      <div class="import-problems">
        <Status kind="info">
          {progress.total > 0
            ? countText('glChecking', 'one=Checking $1 line…|other=Checking $1 lines…', progress.total)
            : t('glCheckingStart', 'Checking the entries…')}
        </Status>
        {progress.total > 0 && (
          <progress max={progress.total} value={progress.checked} aria-label={t('glCheckedLines', 'Lines checked')} />
        )}
      </div>
    );
  }
  const { sizeProblem, ignoredLines, entries } = model.result.value;
  const bad = model.badLines.value;
  const fileName = model.state.value.fileName;
  const header = model.header.value;
  return (
    <div class="import-problems">
      {header !== undefined && <HeaderQuestion model={model} line={header} />}
      {sizeProblem && <Status kind="error">{t('glTooLarge', 'Too large: $1.', sizeProblem)}</Status>}
      {bad.length > 0 && (
        <section aria-labelledby="problems-title" class="problems-panel">
          <h3 id="problems-title">
            {countText(
              'glProblemsTitle',
              'one=$1 line has a problem; nothing has been sent|other=$1 lines have problems; nothing has been sent',
              bad.length,
            )}
          </h3>
          <p class="hint">
            {fileName
              ? t('glProblemsFileHint', 'In $1. Fix a line here, skip all bad lines, or cancel the import.', fileName)
              : t('glProblemsHint', 'Fix a line here, skip all bad lines, or cancel.')}
          </p>
          <ul class="problem-list">
            {bad.slice(0, MAX_LISTED).map((p) => (
              <FixLine
                key={`${p.line}:${lineText(model.state.value, p.line)}`}
                model={model}
                line={p.line}
                reasons={p.reasons}
              />
            ))}
          </ul>
          {bad.length > MAX_LISTED && (
            <p>
              {countText(
                'glMoreProblems',
                'one=And $1 more line with problems.|other=And $1 more lines with problems.',
                bad.length - MAX_LISTED,
              )}
            </p>
          )}
          <div class="row">
            <button type="button" onClick={() => model.skipBadLines()}>
              {countText('glSkipBad', 'one=Skip $1 bad line|other=Skip $1 bad lines', bad.length)}
            </button>
            <button type="button" onClick={() => model.cancel()}>
              {fileName ? t('glCancelImport', 'Cancel import') : t('glClearEntries', 'Clear entries')}
            </button>
          </div>
        </section>
      )}
      {bad.length === 0 && !sizeProblem && (
        <Status kind={entries.length > 0 ? 'ok' : 'warn'}>
          {entries.length > 0
            ? countText(
                'glEntriesReady',
                'one=$1 valid entry, ready to send.|other=$1 valid entries, ready to send.',
                entries.length,
              )
            : t('glNoEntries', 'No entries yet: a dictionary needs at least one.')}
        </Status>
      )}
      {ignoredLines.length > 0 && (
        <p class="hint">
          {countText(
            'glIgnoredLines',
            'one=$1 line names another language pair and is ignored.|other=$1 lines name another language pair and are ignored.',
            ignoredLines.length,
          )}
        </p>
      )}
    </div>
  );
}
