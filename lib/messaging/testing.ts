import type { MessageInput, MessageOutput, MessageType, Send, Target } from './protocol.ts';
import type { Result } from './result.ts';

/** How a fake answers one message type: a Result, now or later. */
export type FakeAnswer<K extends MessageType> = (
  data: MessageInput<K>,
  target?: Target,
) => Result<MessageOutput<K>> | Promise<Result<MessageOutput<K>>>;

export type FakeAnswers = { [K in MessageType]?: FakeAnswer<K> };

export interface SentMessage {
  type: MessageType;
  data: unknown;
  target?: Target;
}

/**
 * A stand-in for `send` in model tests: answers from `answers` (which a test may change between steps)
 * and keeps every message in `sent`. A message without an answer is refused, as the messenger refuses a
 * message nobody listens for, so a test sees what it did not expect.
 */
export function fakeSend(answers: FakeAnswers = {}): Send & { sent: SentMessage[]; answers: FakeAnswers } {
  const sent: SentMessage[] = [];
  const fake = async (type: MessageType, data: unknown, target?: Target) => {
    sent.push(target ? { type, data, target } : { type, data });
    const answer = answers[type] as FakeAnswer<MessageType> | undefined;
    if (!answer) throw new Error(`No answer for "${type}" in this test`);
    return answer(data as never, target);
  };
  return Object.assign(fake as Send, { sent, answers });
}

/** The types of the messages sent, in order: for tests that care what was asked, not with what. */
export const sentTypes = (fake: { sent: SentMessage[] }) => fake.sent.map((m) => m.type);
