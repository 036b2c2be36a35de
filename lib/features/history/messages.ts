import { z } from 'zod';
import { defineMessage } from '../../messaging/define.ts';
import type { HistoryEntry, TermSuggestion } from './store.ts';

export interface HistoryPage {
  entries: HistoryEntry[];
  /** All entries kept, whatever the search. */
  total: number;
  /** The person's switch: off, nothing new is kept. */
  enabled: boolean;
}

export const historyMessages = {
  /** The history, newest first, with an optional search (text, translation or site). */
  'history.list': defineMessage<HistoryPage>()(
    'pages',
    z.object({ query: z.string().max(200).default(''), max: z.number().int().min(1).max(1000).default(200) }),
  ),
  /** Words and short phrases translated again and again, offered as glossary entries. */
  'history.suggestions': defineMessage<TermSuggestion[]>()('pages', z.object({})),
  /** Every entry, for a download (JSON or CSV, made by the page). */
  'history.export': defineMessage<HistoryEntry[]>()('pages', z.object({})),
  'history.remove': defineMessage<null>()('pages', z.object({ id: z.number().int().nonnegative() })),
  'history.clear': defineMessage<null>()('pages', z.object({})),
  /** The switch: off keeps nothing new (what is kept stays until cleared). */
  'history.setEnabled': defineMessage<null>()('pages', z.object({ enabled: z.boolean() })),
};
