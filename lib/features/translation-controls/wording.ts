import { t, uiLanguage } from '../../ui/i18n.ts';

/** What makes the service use its quality-optimised model whatever was chosen (docs/contract.md §4.1 rules 4, 5). */
export type QualityReason = 'custom_instructions' | 'style_rules' | 'translation_memory' | 'tag_handling_v2';

export function reasonLabel(reason: QualityReason): string {
  switch (reason) {
    case 'custom_instructions':
      return t('advReasonInstructions', 'custom instructions');
    case 'style_rules':
      return t('advReasonStyle', 'a style rule list');
    case 'translation_memory':
      return t('advReasonMemory', 'a translation memory');
    case 'tag_handling_v2':
      return t('advReasonTagsV2', 'markup handling v2');
  }
}

/** "a, b and c" in the browser's language. */
export function listOf(items: readonly string[]): string {
  try {
    return new Intl.ListFormat(uiLanguage(), { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/** Why a request chosen as latency optimised went out quality optimised. */
export function switchedModelNote(reasons: readonly QualityReason[]): string {
  return t(
    'advModelSwitched',
    'Sent with the quality-optimised model: $1 cannot be combined with the latency-optimised model you chose.',
    listOf(reasons.map(reasonLabel)),
  );
}

/** The model the service reports (`model_type_used`), for a small line under a translation. */
export function modelUsedLabel(modelTypeUsed: string): string {
  const name =
    modelTypeUsed === 'quality_optimized'
      ? t('advModelQuality', 'quality optimised')
      : modelTypeUsed === 'latency_optimized'
        ? t('advModelLatency', 'latency optimised')
        : modelTypeUsed.replace(/_/g, ' ');
  return t('advModelUsed', 'Model: $1', name);
}
