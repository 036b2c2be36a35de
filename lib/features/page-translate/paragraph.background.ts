import { clientFor } from '../../background/client.ts';
import type { Sender } from '../../messaging/handle.ts';
import { siteHostOf } from '../site-rules/rules.ts';
import { chargeSender } from '../spending/background.ts';
import type { PageParagraphInput } from './messages.ts';
import { preparePage } from './plan.background.ts';

/**
 * One block of a page, translated on its own (hover + key): the page's parameters (the same plan as a
 * whole page: context, source, formality, glossary, controls), one request per group, straight to the
 * service rather than through the page queue, since the reader waits for just this.
 */
export async function translateParagraph(
  { texts, attrs, ...page }: PageParagraphInput,
  sender: Sender,
): Promise<{ texts: string[]; attrs: string[] }> {
  const readingHost = siteHostOf(sender.tab?.url);
  const plan = await preparePage({ ...page, ...(readingHost ? { readingHost } : {}) });
  const chars = [...texts, ...attrs].reduce((n, text) => n + text.length, 0);
  await chargeSender(sender, 'hover', chars);
  const client = await clientFor('page');
  const [html, plain] = await Promise.all([
    texts.length > 0 ? client.translate({ ...plan.html, text: texts }) : [],
    attrs.length > 0 ? client.translate({ ...plan.attr, text: attrs }) : [],
  ]);
  return { texts: html.map((r) => r.text), attrs: plain.map((r) => r.text) };
}
