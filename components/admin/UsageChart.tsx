import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'preact/hooks';
import { type ChartSeries, SERVICES, type Service } from '../../lib/features/admin/analytics.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';

// Only what a stacked bar chart needs, so the rest of chart.js stays out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export function serviceLabel(service: Service): string {
  if (service === 'text_translation') return t('adminSvcText', 'Text translation');
  if (service === 'document_translation') return t('adminSvcDocument', 'Document translation');
  return t('adminSvcImprovement', 'Text improvement');
}

// Distinguishable in light and dark themes and for the common colour-vision deficiencies.
const COLOURS: Record<Service, string> = {
  text_translation: '#3b78e7',
  document_translation: '#e69f00',
  text_improvement: '#009e73',
};

/** Characters per day, stacked by service. The table beside it carries the same numbers as text. */
export function UsageChart({ series }: { series: ChartSeries }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const fg = getComputedStyle(document.documentElement).getPropertyValue('--fg-2').trim() || '#666';
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: series.labels,
        datasets: SERVICES.map((s) => ({ label: serviceLabel(s), data: series.data[s], backgroundColor: COLOURS[s] })),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        plugins: { legend: { labels: { color: fg } } },
        scales: {
          x: { stacked: true, ticks: { color: fg } },
          y: { stacked: true, beginAtZero: true, ticks: { color: fg, precision: 0 } },
        },
      },
    });
    return () => chart.destroy();
  }, [series]);
  const total = SERVICES.reduce((n, s) => n + series.data[s].reduce((a, b) => a + b, 0), 0);
  return (
    <figure class="usage-chart">
      <div class="chart-box">
        <canvas
          ref={canvas}
          role="img"
          aria-label={t('adminChartLabel', 'Characters per day by service, $1 to $2: $3 in all.', [
            series.labels[0] ?? '',
            series.labels[series.labels.length - 1] ?? '',
            formatNumber(total),
          ])}
        />
      </div>
      <figcaption>{t('adminChartCaption', 'Characters per day (UTC), by service, all keys together.')}</figcaption>
    </figure>
  );
}
