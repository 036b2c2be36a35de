import { useEffect } from 'preact/hooks';
import type { TranslateGesture } from '../../lib/features/writing/messages.ts';
import type { TypingSettingsModel } from '../../lib/features/writing/typing-settings-model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Checkbox } from '../ui/Checkbox.tsx';
import { Field } from '../ui/Field.tsx';
import { LanguageSelect } from '../ui/LanguageSelect.tsx';
import { Status } from '../ui/Status.tsx';
import { NextKeyField } from './NextKeyField.tsx';

const gestureOptions = (): Array<{ value: TranslateGesture; label: string }> => [
  { value: 'three-spaces', label: t('typingGestureSpaces', 'Three spaces after a sentence') },
  { value: 'alt-enter', label: t('typingGestureAltEnter', 'Alt+Enter after a sentence') },
  { value: 'off', label: t('typingGestureOff', 'Off') },
];

/** The pauses offered before a check, in ms (the stored value is kept even when it is none of them). */
const PAUSES = [500, 800, 1500, 3000];

/**
 * Writing help as you type: the global switch, the pause before a check, the key for the next suggestion, code editors, private windows, the gesture of "translate what I type",
 * the sites with switches of their own, and the personal dictionary. Every change is saved at once.
 */
export function TypingSettingsSection({ model }: { model: TypingSettingsModel }) {
  useEffect(() => {
    void model.load();
  }, [model]);
  const s = model.settings.value;
  const words = model.words.value;
  if (!s) return null;
  const sites = Object.entries(s.sites);
  return (
    <section aria-labelledby="typing-title">
      <h2 id="typing-title">{t('typingTitle', 'Writing help as you type')}</h2>
      <p class="hint">
        {t(
          'typingIntro',
          'After a pause in typing, Verso sends each new or changed sentence of the text field to the service once and underlines what it would change. The service bills those characters, and the free tier has no text improvement.',
        )}
      </p>
      <Checkbox
        id="typing-as-you-type"
        label={t('typingAsYouType', 'Check spelling and grammar as I type, on every site')}
        hint={t('typingAsYouTypeHint', 'A site can be switched on or off on its own from the writing help panel.')}
        checked={s.asYouType}
        onChange={(on) => void model.change({ asYouType: on })}
      />
      <Checkbox
        id="typing-in-private"
        label={t('typingInPrivate', 'Also in private windows')}
        checked={s.inPrivate}
        onChange={(on) => void model.change({ inPrivate: on })}
      />
      <Field
        label={t('typingPause', 'Pause before a check')}
        hint={t('typingPauseHint', 'How long typing stops before the changed sentences are checked.')}
      >
        {({ id, describedBy }) => (
          <select
            id={id}
            aria-describedby={describedBy}
            value={String(s.pauseMs)}
            onChange={(e) => void model.change({ pauseMs: Number(e.currentTarget.value) })}
          >
            {[...new Set([...PAUSES, s.pauseMs])]
              .sort((a, b) => a - b)
              .map((ms) => (
                <option key={ms} value={String(ms)}>
                  {t('typingPauseSeconds', '$1 s', (ms / 1000).toLocaleString(undefined, { maximumFractionDigits: 1 }))}
                </option>
              ))}
          </select>
        )}
      </Field>
      <NextKeyField model={model} />
      <Checkbox
        id="typing-code-editors"
        label={t('typingCodeEditors', 'Also in code editors')}
        hint={t(
          'typingCodeEditorsHint',
          'Code editors (CodeMirror, Monaco, Ace), such as the markdown boxes of code review sites, are left alone unless this is on.',
        )}
        checked={s.codeEditors}
        onChange={(on) => void model.change({ codeEditors: on })}
      />
      <Field
        label={t('typingGesture', 'Translate what I type')}
        hint={`${t(
          'typingGestureHint',
          'Replaces the sentence just typed with its translation into the language chosen for the site (the default target otherwise). Ctrl+Z brings the sentence back.',
        )} ${t(
          'typingGestureOffHint',
          'Off until you choose the keys here. Each sentence translated this way is sent to the service and billed; only keys you press yourself count, never text a page puts into the field.',
        )}`}
      >
        {({ id, describedBy }) => (
          <select
            id={id}
            aria-describedby={describedBy}
            value={s.translateGesture}
            onChange={(e) => void model.change({ translateGesture: e.currentTarget.value as TranslateGesture })}
          >
            {gestureOptions().map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={t('typingTranslateTo', 'Translate what I type into')}
        hint={t(
          'typingTranslateToHint',
          'On every site that has no language of its own (set in the writing help panel).',
        )}
      >
        {({ id, describedBy }) => (
          <LanguageSelect
            id={id}
            describedBy={describedBy}
            value={s.translateTo ?? ''}
            options={(model.targets.value ?? []).map((l) => ({ lang: l.lang, name: l.name }))}
            emptyOption={t('typingTranslateToDefault', 'The default target language')}
            onChange={(code) => void model.change({ translateTo: code || undefined })}
          />
        )}
      </Field>

      <h3>{t('typingSites', 'Sites with their own switches')}</h3>
      {sites.length === 0 ? (
        <p class="empty">{t('typingNoSites', 'None yet.')}</p>
      ) : (
        <table>
          <caption class="visually-hidden">{t('typingSites', 'Sites with their own switches')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('siteHost', 'Site')}</th>
              <th scope="col">{t('typingSiteChecking', 'Checking as you type')}</th>
              <th scope="col">{t('typingSiteTarget', 'Translate into')}</th>
              <th scope="col">{t('siteActions', 'Actions')}</th>
            </tr>
          </thead>
          <tbody>
            {sites.map(([host, site]) => (
              <tr key={host}>
                <th scope="row">{host}</th>
                <td>
                  {site.asYouType === undefined
                    ? t('typingSiteGlobal', 'As on every site')
                    : site.asYouType
                      ? t('typingSiteOn', 'On')
                      : t('typingSiteOff', 'Off')}
                </td>
                <td>{site.translateTo ?? t('siteDefault', 'Default')}</td>
                <td>
                  <button
                    type="button"
                    aria-label={t('typingForgetSiteOf', 'Use the global switches on $1', host)}
                    onClick={() => void model.forgetSite(host)}
                  >
                    {t('typingForgetSite', 'Use the global switches')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h3>{t('typingDictionary', 'Personal dictionary')}</h3>
      {model.problem.value && <Status kind="error">{model.problem.value}</Status>}
      {words && words.length === 0 && (
        <p class="empty">
          {t('typingDictionaryEmpty', 'No words yet. "Ignore everywhere" on a suggestion adds its word here.')}
        </p>
      )}
      {words && words.length > 0 && (
        <ul class="typing-words">
          {words.map((word) => (
            <li key={word}>
              <span>{word}</span>{' '}
              <button
                type="button"
                class="danger"
                aria-label={t('typingRemoveWordOf', 'Remove “$1” from the dictionary', word)}
                onClick={() => void model.removeWord(word)}
              >
                {t('siteRemove', 'Remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
