import type { Send } from '../../messaging/protocol.ts';
import type { Clock } from '../../ui/clock.ts';
import type { Edit } from './diff-model.ts';
import type { EligibleField } from './eligibility.ts';

/** What the model needs from the page and the rest of the extension; passed in so tests can stand in. */
export interface CheckDeps {
  send: Send;
  clock: Clock;
  /** [0, 1), for the jitter of the back-off. */
  random?: () => number;
  readText(field: EligibleField): string;
  /** The caret's offset in `readText`, or null when the field does not hold the caret. */
  readCaret(field: EligibleField): number | null;
  apply(field: EligibleField, edits: readonly Edit[]): void;
  /** Opens the writing panel to rephrase `start..end` of the field. */
  rephrase(field: EligibleField, start: number, end: number): void;
  /**
   * The field's text is read by the underline layer's draws (an editable region it watches, when a change
   * may move an underline): a key need not read it. What needs it as it is now reads it (`current`).
   */
  readsLater?(field: EligibleField): boolean;
  /** The language of each span's paragraph in `text` ('' unknown): `paragraph-language.ts`. */
  languages?(text: string, spans: readonly { start: number; end: number }[]): Promise<string[]>;
}

export type CheckPhase = 'off' | 'idle' | 'waiting' | 'checking' | 'backoff' | 'stopped';
