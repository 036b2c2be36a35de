import { useEffect, useId } from 'preact/hooks';
import { type MeterRow, percentOf, WARN_RATIO } from '../../lib/features/usage/meter.ts';
import type { UsageModel } from '../../lib/features/usage/model.ts';
import { formatDate, formatNumber, formatPercent, t } from '../../lib/ui/i18n.ts';
import { ErrorStatus } from '../ui/ErrorStatus.tsx';
import { Status } from '../ui/Status.tsx';
import './usage.css';

const number = formatNumber;
/** The share used, rounded down (99.6 % is not yet full), as the UI language writes a percentage. */
const percent = (row: MeterRow) => formatPercent(percentOf(row.ratio ?? 0) / 100);

function rowTitle(row: MeterRow): string {
  if (row.id === 'key') return t('usageKey', 'This API key');
  if (row.id === 'account') return t('usageAccount', 'Whole account');
  return t('usageSpeech', 'Speech to text');
}

function rowText(row: MeterRow): string {
  const unit = row.unit === 'characters' ? t('usageCharacters', 'characters') : t('usageMilliseconds', 'ms');
  if (row.limit === null) return t('usageNoLimit', '$1 $2 used, no limit', [number(row.used), unit]);
  return t('usageOfLimit', '$1 of $2 $3 used ($4)', [number(row.used), number(row.limit), unit, percent(row)]);
}

function MeterBar({ row }: { row: MeterRow }) {
  const id = useId();
  const text = rowText(row);
  return (
    <div class={`usage-row level-${row.level}`}>
      <div class="usage-label" id={id}>
        {rowTitle(row)}
      </div>
      {row.limit !== null && (
        // On the ratio scale: below 80 % is the optimum region, up to 100 % suboptimal, at 100 % the worst.
        <meter
          class="usage-bar"
          aria-labelledby={id}
          aria-valuetext={text}
          min={0}
          max={1}
          low={WARN_RATIO}
          high={0.9999}
          optimum={0}
          value={Math.min(1, row.ratio ?? 0)}
        />
      )}
      <div class="usage-text">{text}</div>
      {/* The level is said in words too: colour alone does not reach everyone. */}
      {row.level === 'warn' && (
        <Status kind="warn">{t('usageWarn', 'Warning: $1 of this limit is used.', percent(row))}</Status>
      )}
      {row.level === 'full' && (
        <Status kind="error">
          {t('usageFull', 'Limit reached: requests are refused until the next period or a higher limit.')}
        </Status>
      )}
    </div>
  );
}

function period(model: UsageModel): string | undefined {
  const u = model.usage.value;
  if (!u?.start_time || !u.end_time) return undefined;
  const day = (iso: string) => formatDate(iso, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return t('usagePeriod', 'Period: $1 to $2', [day(u.start_time), day(u.end_time)]);
}

/** Characters used against the limits of the key and of the account (`/v2/usage`), with warnings. */
export function UsageMeter({
  model,
  title,
  heading = 'h2',
  offerSettings = false,
}: {
  model: UsageModel;
  title?: string;
  heading?: 'h2' | 'h3';
  /** Away from the settings (the popup): "No key yet" comes with a button to them. */
  offerSettings?: boolean;
}) {
  const headingId = useId();
  useEffect(() => {
    void model.load();
  }, [model]);
  const Heading = heading;
  const label = title ?? t('usageTitle', 'Usage this period');
  return (
    <section class="usage-meter" aria-labelledby={headingId} aria-busy={model.loading.value}>
      <div class="usage-head">
        <Heading id={headingId}>{label}</Heading>
        <button type="button" class="link-button" onClick={() => void model.load()} disabled={model.loading.value}>
          {t('usageRefresh', 'Refresh')}
        </button>
      </div>
      {model.error.value && <ErrorStatus offerSettings={offerSettings} error={model.error.value} />}
      {!model.usage.value && !model.error.value && <p class="usage-text">{t('usageLoading', 'Loading usage…')}</p>}
      {model.rows.value.map((row) => (
        <MeterBar key={row.id} row={row} />
      ))}
      {period(model) && <p class="usage-period">{period(model)}</p>}
    </section>
  );
}
