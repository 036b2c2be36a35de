import type { Formality } from '../../lib/api/index.ts';
import { t } from '../../lib/ui/i18n.ts';

interface FormalitySelectProps {
  value: Formality;
  onChange(value: Formality): void;
  id?: string;
  label?: string;
}

/** Default, more or less formal. Show it only where the target language has the `formality` feature. */
export function FormalitySelect({ value, onChange, id, label }: FormalitySelectProps) {
  // prefer_* are what Verso sends for unsupported targets; for the person they read as more/less.
  const shown = value === 'prefer_more' ? 'more' : value === 'prefer_less' ? 'less' : value;
  return (
    <select
      id={id}
      aria-label={id ? undefined : (label ?? t('selFormality', 'Formality'))}
      value={shown}
      onChange={(e) => onChange(e.currentTarget.value as Formality)}
    >
      <option value="default">{t('selFormalityDefault', 'Default formality')}</option>
      <option value="more">{t('selFormalityMore', 'More formal')}</option>
      <option value="less">{t('selFormalityLess', 'Less formal')}</option>
    </select>
  );
}
