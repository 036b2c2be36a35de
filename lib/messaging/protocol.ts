import { defineExtensionMessaging } from '@webext-core/messaging';
import type { z } from 'zod';
import { adminMessages } from '../features/admin/messages.ts';
import { dataMessages } from '../features/data/messages.ts';
import { documentMessages } from '../features/documents/messages.ts';
import { glossaryMessages } from '../features/glossaries/messages.ts';
import { historyMessages } from '../features/history/messages.ts';
import { pageMessages } from '../features/page-translate/messages.ts';
import { pdfMessages } from '../features/pdf/messages.ts';
import { quickTranslateMessages } from '../features/quick-translate/messages.ts';
import { selectionMessages } from '../features/selection/messages.ts';
import { shortcutsMessages } from '../features/shortcuts/messages.ts';
import { sidePanelMessages } from '../features/sidepanel/messages.ts';
import { spendingMessages } from '../features/spending/messages.ts';
import { translateOfferMessages } from '../features/translate-offer/messages.ts';
import { translationControlsMessages } from '../features/translation-controls/messages.ts';
import { videoMessages } from '../features/video/messages.ts';
import { writingMessages } from '../features/writing/messages.ts';
import { coreMessages } from './core-messages.ts';
import type { Result } from './result.ts';

export { defineMessage, type MessageSpec, type Origin } from './define.ts';

/** Every message of Verso, one per operation. Features contribute their own maps. */
export const protocol = {
  ...coreMessages,
  ...documentMessages,
  ...adminMessages,
  ...glossaryMessages,
  ...selectionMessages,
  ...quickTranslateMessages,
  ...writingMessages,
  ...pageMessages,
  ...pdfMessages,
  ...translationControlsMessages,
  ...shortcutsMessages,
  ...spendingMessages,
  ...translateOfferMessages,
  ...dataMessages,
  ...videoMessages,
  ...historyMessages,
  ...sidePanelMessages,
};

export type Protocol = typeof protocol;
export type MessageType = keyof Protocol;
export type MessageInput<K extends MessageType> = z.input<Protocol[K]['input']>;
export type MessageOutput<K extends MessageType> = NonNullable<Protocol[K]['output']>['type'];

export type ProtocolMap = {
  [K in MessageType]: (data: MessageInput<K>) => Result<MessageOutput<K>>;
};

export const messenger = defineExtensionMessaging<ProtocolMap>();

/** Where a message goes when not to the background: a tab, and in it one frame (0 is the top frame). */
export interface Target {
  tabId: number;
  frameId?: number;
}

/** Sends a message to the background (or, with `target`, to a tab or one of its frames) and returns its Result. */
export type Send = <K extends MessageType>(
  type: K,
  data: MessageInput<K>,
  target?: Target,
) => Promise<Result<MessageOutput<K>>>;

// The messenger types its data through a conditional type that TypeScript cannot resolve for a generic
// message type; `Send` states the same contract in plain terms, so the cast is here once.
export const send: Send = messenger.sendMessage as unknown as Send;
