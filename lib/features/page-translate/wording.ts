import { describeError } from '../../ui/describe-error.ts';
import { formatNumber, t } from '../../ui/i18n.ts';
import { countText } from '../../ui/plural.ts';
import type { PageView } from './messages.ts';
import { percentOf } from './model.ts';

const labels = new Map<string, string>();

/** A language's name in the reader's language, from the browser (no list of our own). Built once per code. */
export function languageLabel(code: string | undefined, locale?: string): string {
  if (!code) return '';
  const key = `${locale ?? ''}\n${code}`;
  let label = labels.get(key);
  if (label === undefined) {
    try {
      label = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'language' }).of(code) ?? code;
    } catch {
      label = code.toUpperCase();
    }
    labels.set(key, label);
  }
  return label;
}

/** One short line for where the page stands. */
export function statusLine(view: PageView, locale?: string): string {
  if (view.alreadyIn) return alreadyLine(view.alreadyIn, locale);
  const language = languageLabel(view.targetLang, locale);
  switch (view.phase) {
    case 'idle':
      return t('pageIdle', 'Not translated');
    case 'preparing':
      return t('pagePreparing', 'Preparing the translation…');
    case 'translating':
      if (view.printing)
        return t('pagePrinting', 'Translating the rest of the page for printing… $1%', String(percentOf(view)));
      if (view.shown === 'original')
        return t('pageOriginalWhileTranslating', 'Showing the original ($1%)', String(percentOf(view)));
      if (view.reading === 'as-you-read') return t('pageAsYouRead', 'Translating into $1 as you read', language);
      return t('pageTranslating', 'Translating into $1… $2%', [language, String(percentOf(view))]);
    case 'reading':
      // Parts are left (off screen, or hidden): never "Translated".
      if (view.shown === 'original') return t('pageShowingOriginal', 'Showing the original');
      if (view.progress.failed > 0 || view.progress.empty || view.latePaused)
        return t('pagePartly', 'Partly translated into $1', language);
      if (view.reading === 'as-you-read') return t('pageAsYouRead', 'Translating into $1 as you read', language);
      return t('pageHiddenLeft', 'Translated into $1, hidden parts as they open', language);
    case 'stopped':
      return t('pageStopped', 'Translation stopped');
    case 'error':
      return t('pageFailed', 'The page could not be translated');
    default:
      if (view.progress.failed > 0 && view.progress.done === 0)
        return t('pageFailed', 'The page could not be translated');
      if (view.progress.failed > 0 || view.progress.empty)
        return t('pagePartly', 'Partly translated into $1', language);
      if (view.shown === 'original') return t('pageShowingOriginal', 'Showing the original');
      return t('pageDone', 'Translated into $1', language);
  }
}

/** The problem and what to do about it, or undefined when there is none. */
export function problemLine(view: PageView): string | undefined {
  if (!view.error) return undefined;
  const failed = view.progress.failed;
  const what = describeError(view.error);
  if (view.phase === 'stopped' || view.phase === 'error' || failed === 0) return what;
  return `${countText('pageFailedParts', 'one=$1 part was not translated.|other=$1 parts were not translated.', failed)} ${what}`;
}

/** What was left in the original without a failure to try again: answers that held no text. */
export function leftLine(view: PageView): string | undefined {
  const empty = view.progress.empty ?? 0;
  if (empty === 0) return undefined;
  return `${countText('pageFailedParts', 'one=$1 part was not translated.|other=$1 parts were not translated.', empty)} ${t('pageEmptyAnswers', 'The service answered them without any text.')}`;
}

/**
 * Blocks already in the target's language, left as they are (a feed's posts in several languages): said
 * while the translation is shown, since they are what stays in the original, and never as a failure.
 */
export function sameLine(view: PageView, locale?: string): string | undefined {
  const same = view.progress.same ?? 0;
  if (same === 0 || view.shown === 'original' || !view.targetLang) return undefined;
  return countText(
    'pageSameLanguage',
    'one=$1 part already in $2 was left as it is.|other=$1 parts already in $2 were left as they are.',
    same,
    [formatNumber(same), languageLabel(view.targetLang, locale)],
  );
}

/** The question of a page paused for the late content it keeps adding (budget.ts), or undefined. */
export function lateQuestion(view: PageView): { question: string; action: string } | undefined {
  if (!view.latePaused) return undefined;
  return {
    question: t('pageLateAsk', 'This page keeps adding text: translate more?'),
    action: t('pageLateMore', 'Translate more'),
  };
}

/** A page already in the target's language (its base), in words: nothing to translate. */
export const alreadyLine = (base: string, locale?: string): string =>
  t('pageAlreadyIn', 'This page is already in $1', languageLabel(base, locale));

/** Why Verso does not translate a page already in the target's language, and what to do instead. */
export const alreadyHelp = (): string =>
  t(
    'pageAlreadyHelp',
    'There is nothing to translate into a variant of the same language. To read it in another language, choose that language as the target in Verso options.',
  );

/**
 * Bilingual or the translation only: the switch to the other mode, on a page whose translation is shown
 * (or not started yet), as its button says.
 */
export function modeSwitch(view: PageView): { to: 'bilingual' | 'replace'; label: string } | undefined {
  if (view.alreadyIn || view.shown === 'original' || !view.mode) return undefined;
  if (view.phase === 'idle' || view.phase === 'preparing' || view.phase === 'error') return undefined;
  return view.mode === 'bilingual'
    ? { to: 'replace', label: t('pageModeReplace', 'Show the translation only') }
    : { to: 'bilingual', label: t('pageModeBilingual', 'Show both languages') };
}

/** The other reading, as the button that switches to it says. */
export function readingSwitch(view: PageView): { to: 'as-you-read' | 'whole-page'; label: string } {
  return view.reading === 'whole-page'
    ? { to: 'as-you-read', label: t('pageSwitchAsYouRead', 'Translate as I read') }
    : { to: 'whole-page', label: t('pageSwitchWhole', 'Translate the whole page') };
}

/** One frame Verso could not reach, in words: its site, or what made it (`data:`, `blob:`). */
function frameName(name: string): string {
  if (name === 'data:' || name === 'blob:') return t('pageFrameData', 'a frame the page made itself');
  if (name.endsWith(' (blob:)')) return t('pageFrameFrom', 'a frame from $1', name.slice(0, -' (blob:)'.length));
  if (name.endsWith(':')) return t('pageFrameKind', 'a frame of type $1', name);
  return t('pageFrameFrom', 'a frame from $1', name);
}

/**
 * What Verso could not reach on the page (frames it may not run in, closed shadow roots), in plain words:
 * only while the translation is shown, since it says what stayed in the original.
 */
export function frameLines(view: PageView): string[] {
  const lines: string[] = [];
  const frames = view.frames;
  if (!frames || view.shown === 'original' || view.phase === 'idle' || view.phase === 'preparing') return lines;
  if (frames.unreachable.length > 0) {
    lines.push(
      t(
        'pageFramesNotTranslated',
        'Some embedded content could not be translated: $1.',
        frames.unreachable.map(frameName).join(', '),
      ),
    );
  }
  if (frames.closed > 0) {
    lines.push(
      countText(
        'pageClosedParts',
        'one=$1 part of the page is closed to extensions and stays in the original.|other=$1 parts of the page are closed to extensions and stay in the original.',
        frames.closed,
      ),
    );
  }
  return lines;
}

/** Whether the person can fix the problem in Verso's settings (key, quota, server). */
export const fixedInSettings = (view: PageView): boolean =>
  view.error?.code === 'auth' || view.error?.code === 'quota_exceeded' || view.error?.code === 'network';
