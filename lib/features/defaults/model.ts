import { computed, signal } from '@preact/signals';
import type { Language } from '../../api/index.ts';
import { findLanguage, hasFeature } from '../../languages/index.ts';
import type { Send } from '../../messaging/protocol.ts';
import type { PreferencesStore } from '../../settings/items.ts';
import { type Preferences, Preferences as PreferencesSchema } from '../../settings/schema.ts';
import type { Theme, ThemeStore } from '../../ui/theme.ts';

export interface DefaultsDeps {
  send: Send;
  preferences: PreferencesStore;
  theme: ThemeStore;
}

/** The options section "Defaults": each change is saved at once, so nothing can be lost by leaving. */
export class DefaultsModel {
  readonly preferences = signal<Preferences>(PreferencesSchema.parse({}));
  readonly theme = signal<Theme>('system');
  /** The setting saved last, for the "Saved" message next to it. */
  readonly savedField = signal<string | undefined>(undefined);
  readonly loaded = signal(false);
  /** The languages of text translation, for the pickers. */
  readonly languages = signal<Language[]>([]);
  readonly languagesLoading = signal(true);

  readonly target = computed(() => findLanguage(this.preferences.value.targetLang, this.languages.value));
  readonly formalitySupported = computed(() =>
    hasFeature(this.preferences.value.targetLang, this.languages.value, 'formality'),
  );

  private disposed = false;

  constructor(private readonly deps: DefaultsDeps) {}

  /** Preferences and theme, and (not waited for by them) the languages for the pickers. */
  async load(): Promise<void> {
    await Promise.all([this.loadSettings(), this.loadLanguages()]);
  }

  private async loadSettings(): Promise<void> {
    const [preferences, theme] = await Promise.all([this.deps.preferences.get(), this.deps.theme.get()]);
    if (this.disposed) return;
    this.preferences.value = preferences;
    this.theme.value = theme;
    this.loaded.value = true;
  }

  private async loadLanguages(): Promise<void> {
    this.languagesLoading.value = true;
    const result = await this.deps.send('languages.get', { resource: 'translate_text', includeBeta: false });
    if (this.disposed) return;
    this.languages.value = result.ok ? result.value : [];
    this.languagesLoading.value = false;
  }

  async setPreference<K extends keyof Preferences>(key: K, value: Preferences[K]): Promise<void> {
    this.preferences.value = await this.deps.preferences.update({ [key]: value } as Partial<Preferences>);
    this.savedField.value = key;
  }

  async setTheme(value: Theme): Promise<void> {
    await this.deps.theme.set(value);
    this.theme.value = value;
    this.savedField.value = 'theme';
  }

  dispose(): void {
    this.disposed = true;
  }
}
