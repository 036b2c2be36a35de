import { documentElementOf, getAttribute, querySelectorIn, titleOf } from '../../dom/unclobbered.ts';

/** What a page says about itself: its language, title and description (sent as context, not billed). */
export interface PageInfo {
  host: string;
  pageLang?: string;
  title?: string;
  description?: string;
}

const clip = (text: string | null | undefined, max: number): string | undefined => {
  const clean = text?.replace(/\s+/g, ' ').trim();
  return clean ? clean.slice(0, max) : undefined;
};

export function readPageInfo(doc: Document): PageInfo {
  const meta = querySelectorIn(doc, 'meta[name="description" i]');
  const description = meta && getAttribute(meta, 'content');
  const root = documentElementOf(doc);
  const pageLang = clip(root && getAttribute(root, 'lang'), 40);
  const title = clip(titleOf(doc), 2000);
  const about = clip(description, 2000);
  return {
    host: doc.location?.hostname ?? '',
    ...(pageLang ? { pageLang } : {}),
    ...(title ? { title } : {}),
    ...(about ? { description: about } : {}),
  };
}
