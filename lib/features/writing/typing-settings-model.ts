import { signal } from '@preact/signals';
import type { Language } from '../../api/index.ts';
import type { Send } from '../../messaging/protocol.ts';
import { describeError } from '../../ui/describe-error.ts';
import { t } from '../../ui/i18n.ts';
import { type KeyPress, keyOf, type NextKeyProblem, nextKeyProblem, pressLabel } from './next-key.ts';
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
  /** The languages "translate what I type" can translate into (null until loaded, or when they could not be). */
  readonly targets = signal<Language[] | null>(null);
  /** The key recorder of "Key for the next suggestion" waits for a key. */
  readonly recording = signal(false);
  /** Why the key just pressed there cannot be the one (it is not saved). */
  readonly keyProblem = signal<string | null>(null);

  private disposed = false;

  constructor(private readonly deps: TypingSettingsDeps) {}

  async load(): Promise<void> {
    const [settings, words] = await Promise.all([
      this.deps.settings.get(),
      this.deps.send('writing.dictionary.list', {}),
    ]);
    if (this.disposed) return;
    this.settings.value = settings;
    // The list of targets is a nicety: without it (no key yet, offline) the stored choice still shows.
    void this.deps.send('languages.get', { resource: 'translate_text' }).then((result) => {
      if (result.ok && !this.disposed) this.targets.value = result.value.filter((l) => l.usable_as_target);
    });
    if (words.ok) this.words.value = words.value;
    else this.problem.value = describeError(words.error);
  }

  async change(patch: Partial<Omit<TypingSettings, 'sites'>>): Promise<void> {
    const next = await this.deps.settings.update(patch);
    if (!this.disposed) this.settings.value = next;
  }

  startRecording(): void {
    this.recording.value = true;
    this.keyProblem.value = null;
  }

  stopRecording(): void {
    this.recording.value = false;
  }

  /**
   * A key pressed in the recorder: saved when it can go to the next suggestion without taking a key the
   * field needs (`next-key.ts`), else said why and nothing changes. A modifier alone is the start of a
   * combination: the recorder waits on.
   */
  async record(press: KeyPress): Promise<boolean> {
    const problem = nextKeyProblem(press);
    if (problem === 'modifier') return false;
    if (problem) {
      this.keyProblem.value = describeKeyProblem(problem, press);
      return false;
    }
    this.keyProblem.value = null;
    this.recording.value = false;
    await this.change({ nextKey: keyOf(press) });
    return true;
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

function describeKeyProblem(problem: Exclude<NextKeyProblem, 'modifier'>, press: KeyPress): string {
  const key = pressLabel(press);
  switch (problem) {
    case 'plain':
      return t(
        'typingNextKeyPlain',
        '$1 alone is a key text fields need: choose a function key (F1 to F12), or hold Ctrl, Alt or Meta with a key.',
        key,
      );
    case 'shift':
      return t(
        'typingNextKeyShift',
        'Shift with the key goes back to the previous suggestion: choose a key without Shift.',
      );
    case 'editing':
      return t('typingNextKeyEditing', '$1 is an editing shortcut of text fields: choose another key.', key);
    case 'translate':
      return t('typingNextKeyTranslate', 'Alt+Enter is the key of "translate what I type": choose another key.');
  }
}
