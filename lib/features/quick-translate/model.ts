import { computed, signal } from '@preact/signals';
import type { Formality, Language } from '../../api/index.ts';
import { send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import { getPreferences, updatePreferences } from '../../settings/items.ts';
import { t } from '../../ui/i18n.ts';
import { hasFeature, sourceCodeFor, targetCodeFor, withRecent } from '../selection/languages.ts';
import type { GlossaryChoice, GlossaryOption, PopupTranslation } from '../selection/messages.ts';
import { takePopupDraft } from './draft.ts';

/** The popup's quick translate: state in signals, actions below; the panel only renders it. */

export const text = signal('');
/** Empty: detect. */
export const sourceLang = signal('');
export const targetLang = signal('');
export const formality = signal<Formality>('default');
export const recentTargets = signal<string[]>([]);
export const languages = signal<Language[]>([]);
export const glossaries = signal<GlossaryOption[]>([]);
/** Glossary id, '' for none, null while the person has not chosen (the pair's default then applies). */
export const glossaryPick = signal<string | null>(null);
export const result = signal<PopupTranslation | null>(null);
export const busy = signal(false);
export const error = signal<ErrorInfo | null>(null);
export const notice = signal('');

export const formalitySupported = computed(() => hasFeature(targetLang.value, languages.value, 'formality'));
/** Swapping needs a known source: the chosen one or the one just detected. */
export const canSwap = computed(() => !!(sourceLang.value || result.value?.detectedSource));

let glossaryRequest = 0;

export async function loadGlossaries(): Promise<void> {
  const id = ++glossaryRequest;
  glossaryPick.value = null;
  if (!sourceLang.value || !targetLang.value) {
    glossaries.value = [];
    return;
  }
  const res = await send('popup.glossaries', { sourceLang: sourceLang.value, targetLang: targetLang.value });
  if (id !== glossaryRequest) return;
  glossaries.value = res.ok ? res.value : [];
  if (res.ok) glossaryPick.value = res.value.find((g) => g.isDefault)?.id ?? '';
}

/** Preferences, languages, and text handed over from a selection bubble ("Open in popup"). */
export async function load(): Promise<void> {
  const [prefs, draft, langs] = await Promise.all([
    getPreferences(),
    takePopupDraft(),
    send('languages.get', { resource: 'translate_text' }),
  ]);
  if (langs.ok) languages.value = langs.value;
  recentTargets.value = prefs.recentTargets;
  sourceLang.value = prefs.sourceLang;
  targetLang.value = draft?.targetLang ?? prefs.targetLang;
  formality.value = prefs.formality;
  if (draft) text.value = draft.text;
  await loadGlossaries();
}

export function setSource(code: string): void {
  sourceLang.value = code;
  void loadGlossaries();
}

export function setTarget(code: string): void {
  targetLang.value = code;
  void loadGlossaries();
}

/** Source and target change places; a translation becomes the new text to translate. */
export function swap(): void {
  const from = sourceLang.value || result.value?.detectedSource || '';
  const to = targetCodeFor(from, languages.value, recentTargets.value) ?? (languages.value.length ? '' : from);
  if (!to) return;
  if (result.value) {
    text.value = result.value.text;
    result.value = null;
  }
  sourceLang.value = sourceCodeFor(targetLang.value, languages.value) ?? '';
  targetLang.value = to;
  void loadGlossaries();
}

function glossaryChoice(): GlossaryChoice {
  if (!sourceLang.value || glossaryPick.value === null) return { kind: 'default' };
  return glossaryPick.value ? { kind: 'id', id: glossaryPick.value } : { kind: 'none' };
}

export async function translate(): Promise<void> {
  const input = text.value.trim();
  if (!input || !targetLang.value || busy.value) return;
  busy.value = true;
  error.value = null;
  notice.value = '';
  try {
    const res = await send('popup.translate', {
      text: input,
      sourceLang: sourceLang.value,
      targetLang: targetLang.value,
      formality: formality.value,
      glossary: glossaryChoice(),
    });
    if (!res.ok) {
      error.value = res.error;
      return;
    }
    result.value = res.value;
    recentTargets.value = withRecent(recentTargets.value, targetLang.value);
    await updatePreferences({
      sourceLang: sourceLang.value,
      targetLang: targetLang.value,
      recentTargets: recentTargets.value,
    });
  } finally {
    busy.value = false;
  }
}

export async function copyResult(): Promise<void> {
  const value = result.value?.text;
  if (!value) return;
  try {
    await navigator.clipboard.writeText(value);
    notice.value = t('selCopied', 'Copied.');
  } catch {
    notice.value = t('selCopyFailed', 'Could not copy. Select the text and copy it.');
  }
}
