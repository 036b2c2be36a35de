import type { Formality, ModelType } from '../../lib/settings/schema.ts';
import { t } from '../../lib/ui/i18n.ts';

/** Wording of the formality and model values, shared by Defaults and Site rules. */
export function formalityOptions(): Array<{ value: Formality; label: string }> {
  return [
    { value: 'default', label: t('optFormalityDefault', 'Default') },
    { value: 'more', label: t('optFormalityMore', 'More formal') },
    { value: 'less', label: t('optFormalityLess', 'Less formal') },
    { value: 'prefer_more', label: t('optFormalityPreferMore', 'More formal where possible') },
    { value: 'prefer_less', label: t('optFormalityPreferLess', 'Less formal where possible') },
  ];
}

export function modelOptions(): Array<{ value: ModelType | ''; label: string }> {
  return [
    { value: '', label: t('optModelDefault', 'Service default') },
    { value: 'latency_optimized', label: t('optModelLatency', 'Faster (latency optimized)') },
    { value: 'quality_optimized', label: t('optModelQuality', 'Best quality (quality optimized)') },
    { value: 'prefer_quality_optimized', label: t('optModelPreferQuality', 'Best quality where available') },
  ];
}
