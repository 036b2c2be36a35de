import type { Ref } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { Formality, Language } from '../../lib/api/index.ts';
import { type BlockGroup, groupBlocks } from '../../lib/features/selection/blocks.ts';
import type { BubbleState } from '../../lib/features/selection/model.ts';
import type { Placement } from '../../lib/features/selection/placement.ts';
import { translationFragment } from '../../lib/features/selection/sanitize.ts';
import type { TableRow } from '../../lib/features/selection/table.ts';
import { modelUsedLabel } from '../../lib/features/translation-controls/wording.ts';
import { hasFeature, languageName, targetOptions } from '../../lib/languages/index.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { t } from '../../lib/ui/i18n.ts';
import { countText } from '../../lib/ui/plural.ts';
import { onlyTrusted } from '../../lib/ui/trusted.ts';
import { FormalitySelect } from '../ui/FormalitySelect.tsx';
import { LanguageSelect } from '../ui/LanguageSelect.tsx';
import { VisibleButton } from '../ui/VisibleButton.tsx';

export interface BubbleProps {
  state: BubbleState;
  languages: readonly Language[];
  placement: Placement;
  dialogRef?: Ref<HTMLDivElement>;
  onClose(): void;
  onTarget(code: string): void;
  onFormality(value: Formality): void;
  onCopy(): void;
  onSaveTerm(): void;
  onReplace(): void;
  onOpenPopup(): void;
  onRetry(): void;
  /** Yes to an unusual selection: send it. */
  onProceed(): void;
}

/**
 * One paragraph of the translation, sanitised by sanitize.ts (DOMPurify: inline formatting and http(s)
 * links only) and inserted as DOMPurify's nodes: Verso's build has no raw-HTML path in Preact
 * (scripts/build/html-sinks.ts).
 */
function Translated({
  html,
  as: Tag,
  lang,
  className,
  colSpan,
  rowSpan,
}: {
  html: string;
  as: 'p' | 'li' | 'td' | 'th' | `h${number}`;
  lang?: string;
  className?: string;
  colSpan?: number;
  rowSpan?: number;
}) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(translationFragment(html));
  }, [html]);
  const Element = Tag as 'td';
  return (
    <Element
      ref={ref as Ref<HTMLTableCellElement>}
      lang={lang}
      class={className}
      colSpan={colSpan !== undefined && colSpan > 1 ? colSpan : undefined}
      rowSpan={rowSpan !== undefined && rowSpan > 1 ? rowSpan : undefined}
    />
  );
}

/** A table of the translation: Verso's own rows and cells (table.ts) around each sanitised cell. */
function TranslatedTable({ rows, lang }: { rows: readonly TableRow[]; lang: string | undefined }) {
  const rowOf = (row: TableRow, r: number) => (
    <tr key={r}>
      {row.slots.map((slot, c) =>
        'covered' in slot ? null : (
          <Translated
            // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions in one translation, replaced together.
            key={c}
            as={slot.header ? 'th' : 'td'}
            html={slot.html}
            colSpan={slot.colspan}
            rowSpan={slot.rowspan}
          />
        ),
      )}
    </tr>
  );
  const split = rows.findIndex((row) => !row.head);
  const head = rows.slice(0, split < 0 ? rows.length : split);
  const body = rows.slice(head.length);
  return (
    <table lang={lang}>
      {head.length > 0 && <thead>{head.map(rowOf)}</thead>}
      {body.length > 0 && <tbody>{body.map((row, r) => rowOf(row, head.length + r))}</tbody>}
    </table>
  );
}

/** One heading, paragraph, list or table of the translation, in the shape its source had on the page. */
function TranslatedBlock({ group, lang }: { group: BlockGroup; lang: string | undefined }) {
  if (group.kind === 'paragraph') return <Translated as="p" html={group.html} lang={lang} />;
  if (group.kind === 'heading') return <Translated as={`h${group.level}`} html={group.html} lang={lang} />;
  if (group.kind === 'table') return <TranslatedTable rows={group.rows} lang={lang} />;
  const items = group.items.map((item, i) => (
    <Translated
      // biome-ignore lint/suspicious/noArrayIndexKey: items are positions in one translation, replaced together.
      key={i}
      as="li"
      html={item.html}
      className={item.depth > 0 ? `depth-${Math.min(item.depth, 4)}` : undefined}
    />
  ));
  return group.ordered ? (
    <ol lang={lang} start={group.start}>
      {items}
    </ol>
  ) : (
    <ul lang={lang}>{items}</ul>
  );
}

function SourceLine({ state, languages }: { state: BubbleState; languages: readonly Language[] }) {
  if (!state.detectedSource) return null;
  const name = languageName(state.detectedSource, languages);
  return (
    <span class="source">
      {state.sourceGiven ? t('selFrom', 'From $1', name) : t('selDetected', 'Detected: $1', name)}
    </span>
  );
}

/** Which model the service used, and why it differs from the one chosen; small print under the result. */
function ModelLine({ state }: { state: BubbleState }) {
  const notes = state.paramNotes ?? [];
  if (!state.modelTypeUsed && notes.length === 0) return null;
  return (
    <div class="model">
      {state.modelTypeUsed && <p>{modelUsedLabel(state.modelTypeUsed)}</p>}
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </div>
  );
}

/** The translation bubble beside a selection: presentational, state comes from the selection model. */
export function Bubble(props: BubbleProps) {
  const { state, languages, placement } = props;
  const done = state.phase === 'done';
  const target = state.targetLang ?? '';
  const style = {
    left: `${placement.left}px`,
    maxHeight: `${placement.maxHeight}px`,
    ...(placement.top !== undefined ? { top: `${placement.top}px` } : { bottom: `${placement.bottom ?? 8}px` }),
  };
  return (
    <div
      ref={props.dialogRef}
      class="bubble"
      role="dialog"
      aria-label={t('selDialog', 'Translation')}
      tabIndex={-1}
      style={style}
    >
      <div class="head">
        <strong class="brand">Verso</strong>
        <SourceLine state={state} languages={languages} />
        <button
          type="button"
          class="close"
          aria-label={t('selClose', 'Close')}
          title={t('selClose', 'Close')}
          onClick={onlyTrusted(props.onClose)}
        >
          ×
        </button>
      </div>
      <div class="controls">
        <LanguageSelect
          label={t('selTarget', 'Target language')}
          value={target}
          options={targetOptions(languages)}
          onChange={props.onTarget}
          disabled={!target}
          trustedOnly
        />
        {target && hasFeature(target, languages, 'formality') && (
          <FormalitySelect value={state.formality} onChange={props.onFormality} trustedOnly />
        )}
      </div>
      <div class="result" aria-live="polite" aria-busy={state.phase === 'loading'}>
        {state.phase === 'confirm' && state.ask && (
          <>
            <p class="ask">
              {countText('selAskChars', 'one=Translate $1 character?|other=Translate $1 characters?', state.ask.chars)}
            </p>
            {state.ask.hidden > 0 && (
              <p class="muted">
                {countText(
                  'selAskHidden',
                  'one=$1 of them cannot be seen on the page.|other=$1 of them cannot be seen on the page.',
                  state.ask.hidden,
                )}
              </p>
            )}
          </>
        )}
        {state.phase === 'loading' && <p class="muted">{t('selTranslating', 'Translating…')}</p>}
        {done && state.alreadyInTarget && (
          <p>
            {t(
              'alreadyInTarget',
              'The text is already in $1: there is nothing to translate.',
              languageName(state.detectedSource ?? target, languages),
            )}
          </p>
        )}
        {done &&
          !state.alreadyInTarget &&
          groupBlocks(state.paragraphs, state.shapes).map((group, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positions in one translation, replaced together.
            <TranslatedBlock key={i} group={group} lang={target || undefined} />
          ))}
      </div>
      {done && <ModelLine state={state} />}
      {state.error && (
        <p class="error" role="alert">
          {describeError(state.error)}
        </p>
      )}
      {state.notice && (
        <p class="notice" role="status">
          {state.notice}
        </p>
      )}
      <div class="actions">
        {state.phase === 'confirm' && (
          <VisibleButton class="primary" onAct={props.onProceed}>
            {t('selAskTranslate', 'Translate')}
          </VisibleButton>
        )}
        {state.phase === 'error' && state.error?.code !== 'invalid_request' && (
          <VisibleButton class="primary" onAct={props.onRetry}>
            {t('selRetry', 'Try again')}
          </VisibleButton>
        )}
        <button type="button" onClick={onlyTrusted(props.onCopy)} disabled={!done}>
          {t('selCopy', 'Copy')}
        </button>
        {done && state.termSavable && (
          <VisibleButton onAct={props.onSaveTerm}>{t('historySaveTerm', 'Save to glossary')}</VisibleButton>
        )}
        {state.replaceable && (
          <button type="button" class="primary" onClick={onlyTrusted(props.onReplace)} disabled={!done}>
            {t('selReplace', 'Replace selection')}
          </button>
        )}
        <button type="button" class="link" onClick={onlyTrusted(props.onOpenPopup)}>
          {t('selOpenPopup', 'Open in popup')}
        </button>
      </div>
    </div>
  );
}
