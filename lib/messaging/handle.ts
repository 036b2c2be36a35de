import { browser } from 'wxt/browser';
import type { z } from 'zod';
import { type MessageOutput, type MessageType, messenger, type Protocol, protocol } from './protocol.ts';
import { fail, ok, type Result, toErrorInfo } from './result.ts';

export type Sender = {
  id?: string;
  url?: string;
  /** `incognito`: the tab is in a private window (its text must not reach disk). */
  tab?: { id?: number; url?: string; incognito?: boolean };
  frameId?: number;
};

export function isExtensionPage(sender: Sender): boolean {
  const base = browser.runtime.getURL('/');
  return typeof sender.url === 'string' && sender.url.startsWith(base);
}

/**
 * Registers the handler of one message type, with the checks every message gets: it must come from this
 * extension, from a context its spec allows, and its data must parse with the spec's zod schema.
 * Handler errors travel back as ErrorInfo (see result.ts).
 */
export function handle<K extends MessageType>(
  type: K,
  handler: (data: z.output<Protocol[K]['input']>, sender: Sender) => Promise<MessageOutput<K>> | MessageOutput<K>,
): () => void {
  const spec = protocol[type];
  const onMessage = messenger.onMessage as (
    type: K,
    fn: (message: { data: unknown; sender: Sender }) => Promise<Result<MessageOutput<K>>>,
  ) => () => void;
  return onMessage(type, async ({ data, sender }) => {
    if (sender.id !== browser.runtime.id) {
      return fail({ name: 'Forbidden', code: 'forbidden', message: 'Message from another extension refused' });
    }
    if (spec.from === 'pages' && !isExtensionPage(sender)) {
      return fail({ name: 'Forbidden', code: 'forbidden', message: `${String(type)} is only for Verso's own pages` });
    }
    if (spec.from === 'background' && sender.tab) {
      return fail({ name: 'Forbidden', code: 'forbidden', message: `${String(type)} only comes from the background` });
    }
    const parsed = spec.input.safeParse(data);
    if (!parsed.success) return fail(toErrorInfo(parsed.error));
    try {
      return ok(await handler(parsed.data as z.output<Protocol[K]['input']>, sender));
    } catch (e) {
      return fail(toErrorInfo(e));
    }
  });
}
