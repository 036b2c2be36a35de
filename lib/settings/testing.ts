import type { PreferencesStore } from './items.ts';
import { Preferences } from './schema.ts';

/** Preferences kept in memory for model tests; `value` is what is stored now. */
export function memoryPreferences(initial: Partial<Preferences> = {}): PreferencesStore & { value: Preferences } {
  const store = {
    value: Preferences.parse(initial),
    get: async () => store.value,
    update: async (patch: Partial<Preferences>) => {
      store.value = Preferences.parse({ ...store.value, ...patch });
      return store.value;
    },
  };
  return store;
}
