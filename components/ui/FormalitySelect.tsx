import type { Formality } from '../../lib/api/index.ts';
import { t } from '../../lib/ui/i18n.ts';

interface FormalitySelectProps {
  value: Formality;
  onChange(value: Formality): void;
  id?: string;
  label?: string;
  /** In a web page (the bubble): act only on the person's own input, never on events the page made up. */
  trustedOnly?: boolean;
}

/** Default, more or less formal. Show it only where the target language has the `formality` feature. */
export function FormalitySelect({ value, onChange, id, label, trustedOnly }: FormalitySelectProps) {
  // prefer_* are what Verso sends for unsupported targets; for the person they read as more/less.
  const shown = value === 'prefer_more' ? 'more' : value === 'prefer_less' ? 'less' : value;
  return (
    <select
      id={id}
      aria-label={id ? undefined : (label ?? t('selFormality', 'Formality'))}
      value={shown}
      onChange={(e) => {
        if (trustedOnly && !e.isTrusted) {
          e.currentTarget.value = shown;
          return;
        }
        onChange(e.currentTarget.value as Formality);
      }}
    >
      <option value="default">{t('selFormalityDefault', 'Default formality')}</option>
      <option value="more">{t('selFormalityMore', 'More formal')}</option>
      <option value="less">{t('selFormalityLess', 'Less formal')}</option>
    </select>
  );
}
