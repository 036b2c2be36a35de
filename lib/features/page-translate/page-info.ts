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
  const description = doc.querySelector('meta[name="description" i]')?.getAttribute('content');
  const pageLang = clip(doc.documentElement.getAttribute('lang'), 40);
  const title = clip(doc.title, 2000);
  const about = clip(description, 2000);
  return {
    host: doc.location?.hostname ?? '',
    ...(pageLang ? { pageLang } : {}),
    ...(title ? { title } : {}),
    ...(about ? { description: about } : {}),
  };
}
