import { signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import { dictionaryWord } from './suggestions.ts';

/**
 * The personal dictionary as one frame sees it: the words the background keeps for every site (asked
 * once a page, when checking starts), plus those the person adds here. A word in it is never flagged as
 * misspelled (`suggestionsOf`); words are compared in `dictionaryWord` form.
 */
export class PersonalDictionary {
  readonly words = signal<ReadonlySet<string>>(new Set());
  private loaded = false;

  constructor(private readonly send: Send) {}

  /** Asks the background once; `live` says whether the answer is still wanted when it comes. */
  async load(live: () => boolean = () => true): Promise<void> {
    if (this.loaded) return;
    this.loaded = true;
    const result = await this.send('writing.dictionary.list', {});
    if (result.ok && live()) this.words.value = new Set([...this.words.value, ...result.value]);
  }

  /** Kept at once in this frame (the underline goes now), then by the background for every site. */
  async add(text: string): Promise<void> {
    const word = dictionaryWord(text);
    this.words.value = new Set([...this.words.value, word]);
    await this.send('writing.dictionary.add', { word });
  }
}
