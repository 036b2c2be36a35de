/**
 * Stored settings from older versions, brought to the current shape (the storage items' `migrations`,
 * lib/settings/items.ts). Each step is a pure function of the stored value; values that are not what the
 * step expects are passed on untouched, since reading parses leniently anyway.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Preferences v1 -> v2: pages are translated as they are read (the new default), the selection button is
 * on outside text fields, and Alt over a paragraph translates it. Choices already stored are kept.
 */
export function preferencesV2(old: unknown): unknown {
  if (!isRecord(old)) return old;
  return {
    pageReading: 'as-you-read',
    selectionButton: true,
    selectionButtonInFields: false,
    hoverModifier: 'Alt',
    ...old,
  };
}

/** Site rules v1 -> v2: every rule follows the preferences' reading and shows the selection button. */
export function siteRulesV2(old: unknown): unknown {
  if (!Array.isArray(old)) return old;
  return old.map((rule) => (isRecord(rule) ? { pageReading: '', disableSelectionButton: false, ...rule } : rule));
}
