import { DEFAULT_NEXT_KEY, keyLabel } from '../../lib/features/writing/next-key.ts';
import type { TypingSettingsModel } from '../../lib/features/writing/typing-settings-model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';

/**
 * "Key for the next suggestion": a key recorder. Activating the button makes it wait for a key; the key
 * pressed is saved if it can be the one (`next-key.ts`), else the reason shows and the key stays as it
 * was. Tab leaves (and stops waiting), Escape stops waiting; a modifier alone starts a combination.
 */
export function NextKeyField({ model }: { model: TypingSettingsModel }) {
  const s = model.settings.value;
  if (!s) return null;
  const recording = model.recording.value;
  return (
    <Field
      label={t('typingNextKey', 'Key for the next suggestion')}
      hint={t(
        'typingNextKeyHint',
        'In a field with underlines, this key goes to the next suggestion and Shift with it to the previous one. Activate the button, then press the key.',
      )}
      error={model.keyProblem.value ?? undefined}
    >
      {({ id, describedBy }) => (
        <div class="typing-key">
          <button
            id={id}
            type="button"
            aria-describedby={describedBy}
            aria-pressed={recording}
            onClick={() => (recording ? model.stopRecording() : model.startRecording())}
            onBlur={() => model.stopRecording()}
            onKeyDown={(e) => {
              if (!recording) return;
              const plain = !e.ctrlKey && !e.altKey && !e.metaKey && !e.shiftKey;
              if (plain && e.key === 'Tab') {
                model.stopRecording();
                return;
              }
              e.preventDefault();
              if (plain && e.key === 'Escape') {
                model.stopRecording();
                return;
              }
              void model.record(e);
            }}
          >
            {recording ? t('typingNextKeyPress', 'Press the key…') : keyLabel(s.nextKey)}
          </button>{' '}
          {s.nextKey !== DEFAULT_NEXT_KEY && (
            <button type="button" onClick={() => void model.change({ nextKey: DEFAULT_NEXT_KEY })}>
              {t('typingNextKeyReset', 'Back to $1', keyLabel(DEFAULT_NEXT_KEY))}
            </button>
          )}
        </div>
      )}
    </Field>
  );
}
