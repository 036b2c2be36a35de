import type { z } from 'zod';

/**
 * Who may send a message:
 * - `pages`: only the extension's own pages (popup, options, document and admin pages);
 * - `content`: also Verso's content scripts (never the web page itself, which cannot reach
 *   runtime messaging without `externally_connectable`);
 * - `background`: messages the background sends to content scripts.
 */
export type Origin = 'pages' | 'content' | 'background';

export interface MessageSpec<I extends z.ZodType, O> {
  from: Origin;
  input: I;
  /** Phantom field carrying the output type; never read at run time. */
  output?: { type: O };
}

/** `defineMessage<Output>()(origin, inputSchema)`: curried so the input type is inferred. */
export function defineMessage<O>() {
  return <I extends z.ZodType>(from: Origin, input: I): MessageSpec<I, O> => ({ from, input });
}
