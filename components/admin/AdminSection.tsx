import { useEffect } from 'preact/hooks';
import type { AnalyticsModel } from '../../lib/features/admin/analytics-model.ts';
import type { KeysModel } from '../../lib/features/admin/keys-model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { AnalyticsPanel } from './AnalyticsPanel.tsx';
import { KeysPanel } from './KeysPanel.tsx';
import './admin.css';

/** Options, "Admin": the organisation's developer keys and usage, with the admin key. */
export function AdminSection({ keys, analytics }: { keys: KeysModel; analytics: AnalyticsModel }) {
  useEffect(() => {
    void keys.open();
  }, [keys]);
  const configured = keys.configured;
  return (
    <section aria-labelledby="admin-section-title" class="admin-section">
      <h2 id="admin-section-title">{t('adminTitle', 'Admin')}</h2>
      {configured.value === undefined && <p>{t('adminLoading', 'Loading…')}</p>}
      {configured.value === false && (
        <p>
          {t(
            'adminNotConfigured',
            'The admin console needs an organisation admin key (paid plans with the Admin API). Enter it under Connection.',
          )}{' '}
          <a href="#connection">{t('adminGoConnection', 'Open Connection')}</a>
        </p>
      )}
      {configured.value && (
        <>
          <KeysPanel model={keys} />
          <AnalyticsPanel model={analytics} />
        </>
      )}
    </section>
  );
}
