import { signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import { describeError } from '../../ui/describe-error.ts';
import type { TypingSettings, TypingSettingsStore } from './typing-settings.ts';

export interface TypingSettingsDeps {
  send: Send;
  settings: TypingSettingsStore;
}

/** The options section "Writing help": the switches of writing help as you type and the personal dictionary. */
export class TypingSettingsModel {
  readonly settings = signal<TypingSettings | null>(null);
  /** The personal dictionary's words, alphabetical. */
  readonly words = signal<string[] | null>(null);
  readonly problem = signal<string | null>(null);

  private disposed = false;

  constructor(private readonly deps: TypingSettingsDeps) {}

  async load(): Promise<void> {
    const [settings, words] = await Promise.all([
      this.deps.settings.get(),
      this.deps.send('writing.dictionary.list', {}),
    ]);
    if (this.disposed) return;
    this.settings.value = settings;
    if (words.ok) this.words.value = words.value;
    else this.problem.value = describeError(words.error);
  }

  async change(patch: Partial<Omit<TypingSettings, 'sites'>>): Promise<void> {
    const next = await this.deps.settings.update(patch);
    if (!this.disposed) this.settings.value = next;
  }

  /** Drops a site's own switches: the global ones apply there again. */
  async forgetSite(host: string): Promise<void> {
    const next = await this.deps.settings.updateSite(host, { asYouType: undefined, translateTo: undefined });
    if (!this.disposed) this.settings.value = next;
  }

  async removeWord(word: string): Promise<void> {
    const result = await this.deps.send('writing.dictionary.remove', { word });
    if (this.disposed) return;
    if (!result.ok) {
      this.problem.value = describeError(result.error);
      return;
    }
    this.words.value = (this.words.value ?? []).filter((w) => w !== word);
  }

  dispose(): void {
    this.disposed = true;
  }
}
