/**
 * Units with the same source text and parameters (a repeated menu item, "Read more" under every post)
 * share one segment: the first leads and is sent, the others follow and take its answer. Answers are
 * kept for the page's lifetime (bounded), so content that appears again later costs no message at all.
 */
export class SourceIndex<T> {
  private readonly followers = new Map<string, T[]>();
  private readonly answers = new Map<string, string>();
  /** The answers' texts themselves: text Verso wrote into the page, never sent again. */
  private readonly outputs = new Set<string>();

  constructor(private readonly maxAnswers = 20_000) {}

  static key(group: string, text: string): string {
    return `${group}\n${text}`;
  }

  /** 'lead': send it; 'follow': another unit carries it; otherwise the answer already known. */
  join(key: string, unit: T): { kind: 'lead' } | { kind: 'follow' } | { kind: 'known'; text: string } {
    const text = this.answers.get(key);
    if (text !== undefined) return { kind: 'known', text };
    const list = this.followers.get(key);
    if (list) {
      list.push(unit);
      return { kind: 'follow' };
    }
    this.followers.set(key, []);
    return { kind: 'lead' };
  }

  /** Whether a unit with this key would lead (be sent and billed): no answer known, none on its way. */
  leads(key: string): boolean {
    return !this.answers.has(key) && !this.followers.has(key);
  }

  /** Whether `text` (as markup) is a translation Verso wrote into this page: a copy of it is not sent. */
  isAnswer(text: string): boolean {
    return this.outputs.has(text);
  }

  /** The lead's answer arrived: returns its followers, answered too. */
  answer(key: string, text: string): T[] {
    const list = this.followers.get(key) ?? [];
    this.followers.delete(key);
    if (this.answers.size >= this.maxAnswers) {
      this.answers.clear();
      this.outputs.clear();
    }
    this.answers.set(key, text);
    this.outputs.add(text);
    return list;
  }

  /** The lead failed: its followers fail with it (and go again with it). */
  fail(key: string): T[] {
    const list = this.followers.get(key) ?? [];
    this.followers.delete(key);
    return list;
  }

  /** A failed lead is sent again: it leads its followers again. */
  rejoin(key: string, followers: T[]): void {
    this.followers.set(key, [...(this.followers.get(key) ?? []), ...followers]);
  }
}
