import { signal } from '@preact/signals';
import { getPreferences, updatePreferences } from '../../settings/items.ts';
import { type Preferences, Preferences as PreferencesSchema } from '../../settings/schema.ts';
import { getTheme, type Theme, themeItem } from '../../ui/theme.ts';

export const preferences = signal<Preferences>(PreferencesSchema.parse({}));
export const theme = signal<Theme>('system');
/** The setting saved last, for the "Saved" message next to it. */
export const savedField = signal<string | undefined>(undefined);
export const loaded = signal(false);

export async function loadDefaults() {
  const [p, t] = await Promise.all([getPreferences(), getTheme()]);
  preferences.value = p;
  theme.value = t;
  loaded.value = true;
}

/** Each change is saved at once: there is no form to submit, so nothing can be lost by leaving. */
export async function setPreference<K extends keyof Preferences>(key: K, value: Preferences[K]) {
  preferences.value = await updatePreferences({ [key]: value } as Partial<Preferences>);
  savedField.value = key;
}

export async function setTheme(value: Theme) {
  await themeItem.setValue(value);
  theme.value = value;
  savedField.value = 'theme';
}
