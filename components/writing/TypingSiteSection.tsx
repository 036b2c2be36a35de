import { useEffect, useId } from 'preact/hooks';
import type { WritingModel } from '../../lib/features/writing/model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { onlyTrusted } from '../../lib/ui/trusted.ts';

/** This site's switches for writing help as you type, at the foot of the panel. */
export function TypingSiteSection({ model }: { model: WritingModel }) {
  const id = useId();
  const typing = model.status.value?.typing;
  const languages = model.translateLanguages.value;
  useEffect(() => {
    void model.loadTranslateLanguages();
  }, [model]);
  if (!typing?.host) return null;
  const gestureHint =
    typing.translateGesture === 'three-spaces'
      ? t('writingGestureSpaces', 'Type three spaces after a sentence to translate it.')
      : typing.translateGesture === 'alt-enter'
        ? t('writingGestureAltEnter', 'Press Alt+Enter after a sentence to translate it.')
        : t('writingGestureOff', 'Turned off in Verso options (Writing help).');
  const targets = languages ?? [];
  const known = targets.some((l) => l.lang.toLowerCase() === typing.translateTo.toLowerCase());
  return (
    <details class="vw-typing">
      <summary>{t('writingSiteTypingTitle', 'As you type on $1', typing.host)}</summary>
      <label class="vw-check">
        <input
          type="checkbox"
          checked={typing.asYouType}
          onChange={onlyTrusted(
            (e: Event) => void model.setSiteTyping({ asYouType: (e.currentTarget as HTMLInputElement).checked }),
          )}
        />
        {t('writingSiteAsYouType', 'Check spelling and grammar as I type on this site')}
      </label>
      <p class="vw-hint">
        {typing.incognito
          ? t('writingTypingPrivate', 'In private windows this also needs "Also in private windows" in Verso options.')
          : t('writingTypingBilled', 'Each sentence is sent once, after a pause, and its characters are billed.')}
      </p>
      <div class="vw-field">
        <label for={`${id}-to`}>{t('writingTranslateTo', 'Translate what I type into')}</label>
        <select
          id={`${id}-to`}
          value={typing.translateTo}
          onChange={onlyTrusted(
            (e: Event) => void model.setSiteTyping({ translateTo: (e.currentTarget as HTMLSelectElement).value }),
          )}
        >
          {!known && <option value={typing.translateTo}>{typing.translateTo}</option>}
          {targets.map((l) => (
            <option key={l.lang} value={l.lang}>
              {l.name}
            </option>
          ))}
        </select>
        <p class="vw-hint">{gestureHint}</p>
      </div>
    </details>
  );
}
