// The page benchmark's whole-page visits (page.ts), and which of them a run takes.

/** The whole-page visits: name, path, host, and whether it is a small page (requests against the bound). */
export const VISITS = [
  ['article', 'article (1,500 blocks: links, inline code, lists, tables)', '/article.html', '127.0.0.1'],
  ['encyclopedia', 'encyclopedia (1,634 blocks, 3,299 links with tooltips)', '/encyclopedia.html', 'localhost'],
  ['news', 'news portal (tooltips, pictures, labels, a hidden mega-menu, tabs)', '/news.html', 'localhost'],
  ['ui', 'short UI strings (400-row dashboard)', '/ui.html', '127.0.0.1'],
  ['spa', 'single-page app (feed growing while translated)', '/spa.html', 'localhost'],
  ['blog', 'small: blog post (about 40 blocks)', '/blog.html', '127.0.0.1'],
  ['product', 'small: product page (about 25 blocks, labels)', '/product.html', 'localhost'],
  ['docs', 'small: documentation page (about 30 blocks, code)', '/docs.html', '127.0.0.1'],
  ['table', 'news site laid out with tables (30 stories, side columns)', '/table.html', 'localhost'],
  ['odd', 'odd containers (text in body, flex, inline-block cards, <br> lines)', '/odd.html', '127.0.0.1'],
] as const;

/**
 * `VERSO_BENCH_ONLY`: `readers` (the reader scenarios and frames), `visits` (the whole-page visits), or
 * names of visits separated by commas (`article,encyclopedia`); unset runs everything.
 */
export function selection(only: string | undefined) {
  const names = (only ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const all = names.length === 0;
  return {
    visits: VISITS.filter(([key]) => all || names.includes('visits') || names.includes(key)),
    readers: all || names.includes('readers'),
  };
}
