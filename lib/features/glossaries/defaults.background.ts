import { getGlossaryDefaults, glossaryDefaultsItem } from '../../settings/items.ts';
import { oneAtATime } from '../../settings/one-at-a-time.ts';
import type { GlossaryDefaults } from '../../settings/schema.ts';

/**
 * Rewrites the stored defaults with `change`, one change after another in the worker; nothing is written
 * when `change` returns them unchanged.
 */
export const changeDefaults = oneAtATime(
  async (change: (defaults: GlossaryDefaults) => GlossaryDefaults): Promise<void> => {
    const defaults = await getGlossaryDefaults();
    const next = change(defaults);
    if (next !== defaults) await glossaryDefaultsItem.setValue(next);
  },
);
