/**
 * The benchmark's pages, generated so that every run sees the same content. Blocks whose text the
 * German pseudo-translation changes carry `data-b`: the probe watches them to tell when the screen and
 * the whole page are translated.
 */

const TOPICS = ['boats', 'rowing', 'the harbour', 'our club', 'sailing', 'the coast', 'a long tour', 'the old town'];
const topic = (i: number) => TOPICS[i % TOPICS.length]!;

const page = (title: string, body: string, script = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  `<meta name="description" content="${title}: a page for the Verso benchmark">` +
  '<style>body{font:16px/1.5 sans-serif;margin:0 auto;max-width:60em;padding:0 1em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}</style>' +
  `</head><body>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;

/** One block of a long article: headings, rich paragraphs, lists and tables, ~33 nodes each. */
function articleBlock(i: number): string {
  switch (i % 5) {
    case 0:
      return `<h2 data-b>Part ${i}: all about ${topic(i)} <small>by <a href="/u/ann">Ann</a></small></h2>`;
    case 1:
      return `<p data-b>Sentence ${i} is about ${topic(i)}, with <a href="/p/${i}">a useful link</a>, <b>bold <i>nested</i> words</b> and <code>boat.row(${i})</code>. <em>More</em> text about <strong>${topic(i + 1)}</strong> follows, and <a href="/q/${i}" title="Open note ${i} about ${topic(i)}">another link</a> to the <mark>source</mark>.<br>A second line with <img src="data:," alt="Photo ${i} of ${topic(i)}"> and <small>small print about costs</small>, then <kbd>Ctrl</kbd>+<kbd>S</kbd> to save.</p>`;
    case 2:
      return `<ul><li data-b>Bring a <a href="#coat">warm coat</a> for ${topic(i)}</li><li data-b>Check the <b>weather</b> forecast</li><li data-b>Count your oars (${i})</li><li data-b>Read more about <em>${topic(i + 2)}</em></li></ul>`;
    case 3:
      return `<table><tr><th data-b>Boat</th><th data-b>Rowers</th><th data-b>Notes</th></tr><tr><td data-b>Single scull</td><td data-b>One</td><td data-b>Row ${i} about ${topic(i)}</td></tr><tr><td data-b>Coxed <i>four</i></td><td data-b>Four and a cox</td><td data-b>Good for <a href="#t${i}">tours</a></td></tr></table>`;
    default:
      return `<blockquote data-b>“Quote ${i}: nothing beats ${topic(i)} at dawn,” <cite>said a rower</cite>.</blockquote>`;
  }
}

export function articlePage(blocks = 1500): string {
  const sections = Array.from(
    { length: blocks / 15 },
    (_, s) => `<section>${Array.from({ length: 15 }, (_, i) => articleBlock(s * 15 + i)).join('\n')}</section>`,
  ).join('\n');
  return page('A long article about boats', `<h1 data-b>A long article about boats</h1>${sections}`);
}

const STATES = ['Active', 'Paused', 'Out of stock', 'Ready to ship', 'Sold out'];

/** A dashboard: a menu, a long table of short strings (many of them repeated), buttons with labels. */
export function uiStringsPage(rows = 400): string {
  const menu = Array.from(
    { length: 40 },
    (_, i) => `<li data-b><a href="#m${i}">Menu about ${topic(i)} ${i % 10}</a></li>`,
  ).join('');
  const body = Array.from(
    { length: rows },
    (_, i) =>
      `<tr><td data-b>Boat ${i}</td><td data-b>${STATES[i % STATES.length]}</td><td data-b>Owner ${i % 37}</td>` +
      `<td data-b>${topic(i)}</td><td><button data-b aria-label="Open boat ${i}">Open</button> ` +
      `<button data-b title="Remove boat ${i} from the list">Remove</button></td></tr>`,
  ).join('');
  const form =
    '<form><label data-b>Search boats <input placeholder="Name or owner"></label> <button data-b>Search</button></form>';
  return page(
    'Boat dashboard',
    `<nav><ul>${menu}</ul></nav>${form}<table><tr><th data-b>Boat</th><th data-b>Status</th><th data-b>Owner</th><th data-b>Topic</th><th data-b>Actions</th></tr>${body}</table>`,
  );
}

/**
 * A single-page app: a feed that grows while the page is being translated (infinite scroll). Each
 * added chunk is recorded as it was inserted, so the probe knows what the original page looks like.
 */
export function spaPage(initial = 100, chunks = 20, perChunk = 25, everyMs = 250): string {
  // The same markup on both sides: generated here for the first posts, in the page for the added ones.
  const postJs = `(i) => '<article><h3 data-b>Post ' + i + ' about ' + TOPICS[i % TOPICS.length] + '</h3>' +
    '<p data-b>Someone wrote about <a href="#p' + i + '">' + TOPICS[(i + 3) % TOPICS.length] + '</a> and <b>our boats</b> (post ' + i + ').</p></article>'`;
  const post = (i: number) =>
    `<article><h3 data-b>Post ${i} about ${topic(i)}</h3><p data-b>Someone wrote about <a href="#p${i}">${topic(i + 3)}</a> and <b>our boats</b> (post ${i}).</p></article>`;
  const script = `
    const TOPICS = ${JSON.stringify(TOPICS)};
    const post = ${postJs};
    window.__spa = {
      added: [],
      done: false,
      start() {
        let next = ${initial};
        let left = ${chunks};
        const feed = document.getElementById('feed');
        const timer = setInterval(() => {
          const html = Array.from({ length: ${perChunk} }, () => post(next++)).join('');
          feed.insertAdjacentHTML('beforeend', html);
          // As the page serialises it, before Verso (which waits for the page to settle) touches it.
          window.__spa.added.push(Array.from(feed.children).slice(-${perChunk}).map((el) => el.outerHTML).join(''));
          window.__bench?.track(feed);
          if (--left === 0) { clearInterval(timer); window.__spa.done = true; }
        }, ${everyMs});
      },
    };`;
  const feed = Array.from({ length: initial }, (_, i) => post(i)).join('');
  return page('Boat feed', `<main><h1 data-b>Latest from the club</h1><div id="feed">${feed}</div></main>`, script);
}
