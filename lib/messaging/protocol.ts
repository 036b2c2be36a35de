import { defineExtensionMessaging } from '@webext-core/messaging';
import type { z } from 'zod';
import { adminMessages } from '../features/admin/messages.ts';
import { documentMessages } from '../features/documents/messages.ts';
import { glossaryMessages } from '../features/glossaries/messages.ts';
import { pageMessages } from '../features/page-translate/messages.ts';
import { selectionMessages } from '../features/selection/messages.ts';
import { translationControlsMessages } from '../features/translation-controls/messages.ts';
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
  ...writingMessages,
  ...pageMessages,
  ...translationControlsMessages,
};

export type Protocol = typeof protocol;
export type MessageType = keyof Protocol;
export type MessageInput<K extends MessageType> = z.input<Protocol[K]['input']>;
export type MessageOutput<K extends MessageType> = NonNullable<Protocol[K]['output']>['type'];

export type ProtocolMap = {
  [K in MessageType]: (data: MessageInput<K>) => Result<MessageOutput<K>>;
};

export const messenger = defineExtensionMessaging<ProtocolMap>();

/** Sends a message to the background (or to a tab with `tabId`) and returns its Result. */
export function send<K extends MessageType>(
  type: K,
  data: MessageInput<K>,
  tabId?: number,
): Promise<Result<MessageOutput<K>>> {
  const sendMessage = messenger.sendMessage as (
    type: K,
    data: MessageInput<K>,
    arg?: number,
  ) => Promise<Result<MessageOutput<K>>>;
  return sendMessage(type, data, tabId);
}
