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

const PLACES = [
  'Harbour',
  'Old Town',
  'Boat House',
  'Lake Shore',
  'River Mouth',
  'North Coast',
  'Island',
  'Lighthouse',
];
const NOUNS = ['rowing club', 'boat yard', 'sailing school', 'ferry route', 'fishing port', 'canal', 'regatta', 'dock'];

/** A link with a tooltip, as an encyclopedia writes them: most repeat the link text, some name the article. */
function wikiLink(n: number): string {
  const text = `${PLACES[n % PLACES.length]} ${NOUNS[(n >> 3) % NOUNS.length]} ${n % 97}`;
  const title = n % 5 === 4 ? `${text} (article about boats)` : text;
  return `<a href="/wiki/${n}" title="${title}">${text}</a>`;
}

/**
 * A page shaped like a large encyclopedia article: 1,600 text blocks and 3,300 links with tooltips (most
 * equal to the link text), an infobox, a contents box, sections of which the last ones are collapsed
 * (their content `display: none` until opened, as on a phone), references, navigation boxes at the end
 * (two of four collapsed), a hidden language panel and a hidden preview card. Every text block carries
 * `data-b`.
 */
export function encyclopediaPage(): string {
  let link = 0;
  const links = (count: number) => Array.from({ length: count }, () => wikiLink(link++)).join(', ');
  let block = 0;
  const sentence = () => {
    const i = block++;
    return `Sentence ${i} is about ${topic(i)} and ${NOUNS[i % NOUNS.length]}s, which ${links(1)} describes; a <b>boat</b> of ${1800 + (i % 200)} sailed out at dawn.`;
  };
  const infobox = `<table class="infobox">${Array.from(
    { length: 30 },
    (_, i) => `<tr><th data-b>Fact ${i} about boats</th><td data-b>${links(1)} and our port</td></tr>`,
  ).join('')}</table>`;
  const contents = `<nav class="toc"><h2 data-b>Contents about boats</h2><ol>${Array.from(
    { length: 36 },
    (_, i) => `<li data-b><a href="#s${i}">Section ${i}: all about ${topic(i)}</a></li>`,
  ).join('')}</ol></nav>`;
  const section = (s: number, collapsed: boolean) => {
    const body = Array.from({ length: 30 }, (_, i) =>
      i % 10 === 9
        ? `<ul>${Array.from({ length: 3 }, () => `<li data-b>${sentence()}</li>`).join('')}</ul>`
        : `<p data-b>${sentence()} ${sentence()}</p>`,
    ).join('');
    const content = collapsed ? `<div class="collapsible" style="display:none">${body}</div>` : body;
    return `<section id="s${s}"><h2 data-b>Section ${s}: all about ${topic(s)}</h2>${content}</section>`;
  };
  const sections = Array.from({ length: 36 }, (_, s) => section(s, s >= 30)).join('');
  const references = `<h2 data-b>References about boats</h2><ol class="references">${Array.from(
    { length: 150 },
    (_, i) => `<li data-b>Book ${i} about ${topic(i)}, ${links(1)}, page ${i + 3}.</li>`,
  ).join('')}</ol>`;
  const navbox = (n: number, collapsed: boolean) =>
    `<table class="navbox"><tr><th data-b>Boats and harbours, part ${n}</th></tr><tr${collapsed ? ' style="display:none"' : ''}><td data-b>${links(210)}</td></tr></table>`;
  const navboxes = [0, 1, 2, 3].map((n) => navbox(n, n % 2 === 1)).join('');
  const languages = `<div id="languages" hidden>${Array.from(
    { length: 40 },
    (_, i) => `<p data-b>Language ${i}: read about boats in another tongue</p>`,
  ).join('')}</div>`;
  const preview = `<div id="preview" style="display:none"><p data-b>A preview card about ${links(3)} and our boats.</p></div>`;
  const lead = Array.from({ length: 4 }, () => `<p data-b>${sentence()} ${sentence()}</p>`).join('');
  return page(
    'Boats (encyclopedia)',
    `<h1 data-b>Boats of the northern coast</h1>${infobox}${lead}${contents}${sections}${references}${navboxes}${languages}${preview}`,
  );
}

/**
 * Small pages as sites write them (a blog post, a shop's product page, a documentation page): a few
 * dozen blocks with a menu, links with tooltips, image descriptions, labels and placeholders. What counts
 * here is how many requests they take against the lower bound.
 */
export function smallPages(): Record<string, string> {
  const menu = (items: string[]) =>
    `<nav><ul>${items.map((item, i) => `<li data-b><a href="#n${i}" title="Go to ${item.toLowerCase()}">${item}</a></li>`).join('')}</ul></nav>`;
  const blog = page(
    'Rowing at dawn: a week on the lake',
    menu(['Home', 'Stories', 'Boats', 'About the club', 'Contact']) +
      '<article><h1 data-b>Rowing at dawn: a week on the lake</h1><p data-b>By <a href="/ann" title="More stories by Ann">Ann</a>, 12 March</p>' +
      Array.from(
        { length: 12 },
        (_, i) =>
          `<p data-b>Day ${i + 1} started before sunrise; we carried the boat to ${topic(i)} and rowed <em>until the mist lifted</em>. ` +
          `The <a href="/w/${i}" title="Weather notes for day ${i + 1}">weather notes</a> say the wind turned at noon.</p>` +
          (i % 4 === 3
            ? `<figure><img src="data:," alt="The boat on day ${i + 1} near ${topic(i)}"><figcaption data-b>Our boat near ${topic(i)}</figcaption></figure>`
            : ''),
      ).join('') +
      '<h2 data-b>Comments</h2><form><label data-b>Your comment <textarea placeholder="Write something kind"></textarea></label><button data-b>Post your comment</button></form></article>' +
      '<footer><p data-b>© The rowing club. All rights reserved.</p></footer>',
  );
  const product = page(
    'Carbon oars, pair: the boat shop',
    menu(['Shop', 'Oars', 'Boats', 'Clothing', 'Basket']) +
      '<main><h1 data-b>Carbon oars, pair</h1><p data-b>Light and stiff, for sculling boats of every size.</p>' +
      '<p data-b><strong>129 euros</strong> including tax, free delivery</p>' +
      '<label data-b>Length of the oars <select><option>284 cm</option><option>288 cm</option></select></label>' +
      '<button data-b aria-label="Add the carbon oars to the basket">Add to basket</button> <button data-b title="Save for later">Save</button>' +
      '<h2 data-b>Details</h2><ul>' +
      ['Shaft of carbon fibre', 'Blade of the classic shape', 'Adjustable handle', 'Two years of guarantee']
        .map((d) => `<li data-b>${d}</li>`)
        .join('') +
      '</ul><h2 data-b>Reviews of buyers</h2>' +
      Array.from(
        { length: 8 },
        (_, i) =>
          `<blockquote data-b>“Review ${i}: they feel good on ${topic(i)}, <b>well made</b>.” <cite>Rower ${i}</cite></blockquote>`,
      ).join('') +
      '<input placeholder="Search the shop" aria-label="Search the shop"></main>',
  );
  const docs = page(
    'Getting started with the club app',
    menu(['Guide', 'API docs', 'Examples', 'Support']) +
      '<main><h1 data-b>Getting started with the club app</h1>' +
      Array.from(
        { length: 6 },
        (_, i) =>
          `<h2 data-b>Step ${i + 1}: set up ${topic(i)}</h2><p data-b>Open the settings and choose <kbd>Boats</kbd>, then call <code>club.book(${i})</code> to reserve a boat for ${topic(i)}.</p>` +
          `<pre><code>club.book(${i}, { seats: 2 })</code></pre><p data-b>See <a href="/ref/${i}" title="The reference of step ${i + 1}">the reference</a> for every option.</p>`,
      ).join('') +
      '<table><tr><th data-b>Option</th><th data-b>Meaning</th></tr><tr><td data-b>seats</td><td data-b>How many rowers come</td></tr><tr><td data-b>cox</td><td data-b>Whether a cox steers</td></tr></table></main>',
  );
  return { '/blog.html': blog, '/product.html': product, '/docs.html': docs };
}

/** A loaded image (a small SVG): its `alt` is not shown, only read out. */
const PICTURE = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2240%22 height=%2230%22/%3E';
const SECTIONS = ['World', 'Sport', 'Harbour', 'Weather', 'Culture', 'Business', 'Travel', 'Science'];

/**
 * A news portal, as such sites write them: a header with icon buttons (labels only), a big mega-menu
 * hidden until opened, an account dropdown faded out (`opacity: 0`), tabs of which one shows, and a grid of teasers with pictures (a description
 * each), links with tooltips that say more than the link, and a search field. Most of its attribute and
 * hidden text is never seen while reading.
 */
export function newsPage(): string {
  const icons = ['Open the menu', 'Search the news', 'Your account', 'Notifications', 'Dark mode on or off']
    .map((label, i) => `<button aria-label="${label}" title="${label} (shortcut ${i + 1})">☰</button>`)
    .join('');
  const megaMenu = `<div id="mega" style="display:none">${SECTIONS.map(
    (section, s) =>
      `<div><h3 data-b>${section} news</h3><ul>${Array.from(
        { length: 12 },
        (_, i) =>
          `<li data-b><a href="/${section.toLowerCase()}/${i}" title="All stories about ${topic(s + i)} in ${section}">${section}: ${topic(s + i)} ${i}</a></li>`,
      ).join('')}</ul></div>`,
  ).join('')}</div>`;
  const tabs = ['Most read', 'Latest', 'Editors’ choice'];
  const tabList = `<div role="tablist">${tabs.map((tab, i) => `<button role="tab" data-b aria-selected="${i === 0}">${tab}</button>`).join('')}</div>`;
  const panels = tabs
    .map(
      (tab, t) =>
        `<div role="tabpanel"${t === 0 ? '' : ' hidden'}><ol>${Array.from(
          { length: 10 },
          (_, i) =>
            `<li data-b><a href="/t/${t}/${i}" title="Read: ${tab.toLowerCase()} story ${i} about ${topic(i + t)}">${tab} story ${i}: the week at ${topic(i + t)}</a></li>`,
        ).join('')}</ol></div>`,
    )
    .join('');
  const teaser = (i: number) =>
    `<article><a href="/story/${i}" title="Story ${i}: what happened at ${topic(i)} this morning, with pictures">` +
    `<img src="${PICTURE}" width="40" height="30" alt="Picture ${i}: a boat at ${topic(i)} in the morning light"></a>` +
    `<h2 data-b><a href="/story/${i}">Story ${i}: news from ${topic(i)}</a></h2>` +
    `<p data-b>Reporters at ${topic(i)} say the boats of the club came back safely; ${SECTIONS[i % SECTIONS.length]} has more (${i}).</p>` +
    `<button aria-label="Share story ${i} about ${topic(i)}">↗</button> <button aria-label="Save story ${i} for later">★</button></article>`;
  const grid = Array.from({ length: 60 }, (_, i) => teaser(i)).join('');
  // A dropdown faded out (transparent until opened), as many account menus are.
  const account = `<div id="account" style="opacity:0;pointer-events:none"><ul>${[
    'Your profile and settings',
    'Your saved stories',
    'Newsletters you receive',
    'Your subscription',
    'Help and contact',
    'Sign out of the harbour news',
  ]
    .map((item) => `<li data-b><a href="#account">${item}</a></li>`)
    .join('')}</ul></div>`;
  const search = `<form><input type="search" placeholder="Search all the news about boats"></form>${account}`;
  const footer = `<footer><p data-b>© The harbour news. <a href="/about" title="Who writes the harbour news">About us</a></p></footer>`;
  return page(
    'The harbour news',
    `<header>${icons}<h1 data-b>The harbour news</h1>${search}${megaMenu}</header>${tabList}${panels}<main>${grid}</main>${footer}`,
  );
}

const SITES = ['boats.example', 'harbour.example', 'rowing.example', 'coast.example', 'oars.example'];

/**
 * A news site laid out with tables, as such sites still are: a `<center>`ed outer table, a header cell
 * with the site's name and a menu separated by bars, side columns whose `<td>`s hold text directly,
 * `<font>`, `<br>`-separated lines and nested blocks, and a story list of 30 rows (title, site, points,
 * user, age, comments), then a footer of links and a search field. Text directly in a cell beside nested
 * blocks, and cells that straddle the screen's edge, are what the first screen is made of here.
 */
export function tableNewsPage(stories = 30): string {
  const bar = (items: string[]) => items.map((item) => `<a href="#${item}">${item}</a>`).join(' | ');
  const header =
    '<tr><td bgcolor="#ff6600"><table width="100%" cellspacing="0" cellpadding="2"><tr>' +
    `<td style="width:18px"><a href="/"><img src="data:," width="18" height="18" alt=""></a></td>` +
    `<td data-b style="line-height:12pt"><b><a href="/">Boat News</a></b> ${bar(['new', 'past', 'comments', 'ask', 'show', 'jobs', 'submit'])}</td>` +
    '<td data-b style="text-align:right"><a href="#login">login</a></td></tr></table></td></tr>';
  const story = (i: number) =>
    `<tr class="athing"><td align="right" valign="top"><span>${i + 1}.</span></td>` +
    `<td valign="top"><center><a href="#up${i}"><div style="width:10px;height:10px;background:#999" title="upvote"></div></a></center></td>` +
    `<td data-b><span><a href="/s/${i}">Story ${i}: what we learned about ${topic(i)} this week</a>` +
    `<span> (<a href="/from?site=${i}"><span>${SITES[i % SITES.length]}</span></a>)</span></span></td></tr>` +
    `<tr><td colspan="2"></td><td data-b><span><span>${10 + ((i * 37) % 400)} points</span> by <a href="/u/${i}">rower${i}</a> ` +
    `<span title="2026-11-27"><a href="/i/${i}">${1 + (i % 12)} hours ago</a></span> | <a href="#hide${i}">hide</a> | ` +
    `<a href="/i/${i}">${(i * 7) % 90} comments</a></span></td></tr><tr style="height:5px"></tr>`;
  const list = `<table cellspacing="0" cellpadding="0">${Array.from({ length: stories }, (_, i) => story(i)).join('')}</table>`;
  // Side columns: text directly in the cell, <font>, <br>-separated lines, a nested paragraph and list.
  const left =
    '<td data-b valign="top" width="160" style="font-size:13px">Welcome to the club<br><font color="#828282">Read the rules before you post</font><br>' +
    `<b>Today</b>: calm water on ${topic(2)}<br>Tide at noon` +
    `<p data-b>Members row at dawn on ${topic(3)}; guests are welcome on Sundays.</p>` +
    `<ul><li data-b>Boats for hire</li><li data-b>Lessons for beginners</li></ul>Open every day but Monday</td>`;
  const right =
    `<td data-b valign="top" width="170" style="font-size:13px"><center><font size="2">Sponsored by the boat yard</font></center>` +
    `<div data-b>New oars in stock, <a href="#shop">visit the shop</a>.</div>Weather: wind from the west<br>Water: cold` +
    `<font size="2"><p data-b>Old sites wrap blocks in font: the regatta starts at ten.</p></font>` +
    `<a href="#club"><div data-b>Join the club: a card that is a link</div></a></td>`;
  const footer =
    '<tr><td><table width="100%" cellspacing="0" cellpadding="1"><tr><td bgcolor="#ff6600"></td></tr></table><br>' +
    `<center data-b><span>${bar(['Guidelines', 'FAQ', 'Lists', 'Security', 'Legal', 'Contact'])}</span><br><br>` +
    '<form>Search: <input type="text" name="q" size="17"></form></center></td></tr>';
  const body =
    '<center><table width="85%" cellspacing="0" cellpadding="0" bgcolor="#f6f6ef">' +
    header +
    '<tr style="height:10px"></tr>' +
    `<tr><td><table width="100%"><tr>${left}<td valign="top">${list}</td>${right}</tr></table></td></tr>` +
    footer +
    '</table></center>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Boat News</title></head><body style="margin:8px;font:10pt Verdana,sans-serif">${body}</body></html>`;
}

/**
 * Odd containers, each on the first screen: text directly in `<body>` with `<br>`s, a flex row whose
 * items are text beside blocks, inline-block cards, blocks inside inline elements (a link, a span) and
 * text in a `display: contents` wrapper, a `<div>` of `<br>`-separated lines beside a nested block, and
 * a tall block that straddles the screen's bottom edge with text before its nested blocks.
 */
export function oddContainersPage(): string {
  const cards = Array.from(
    { length: 6 },
    (_, i) =>
      `<div data-b style="display:inline-block;width:180px;vertical-align:top;margin:4px">Card ${i} about ${topic(i)}<div data-b><small>Read more on ${topic(i + 1)}</small></div></div>`,
  ).join('');
  const flex =
    '<div style="display:flex;gap:12px">' +
    `<div data-b>Left of the row: news about ${topic(4)}<p data-b>A paragraph inside the row about ${topic(5)}.</p></div>` +
    `<span data-b>Beside it, plain text about ${topic(6)}</span>` +
    `<div data-b>Third item with <a href="#x">a link about ${topic(7)}</a></div></div>`;
  const wrappers =
    `<a href="#card" style="display:block"><div data-b>A card inside a link about ${topic(2)}</div></a>` +
    `<span><div data-b>A block inside a span about ${topic(3)}</div></span>` +
    `<div data-b style="display:contents">Text in a wrapper that has no box, about ${topic(4)}<p data-b>A paragraph in the same wrapper</p></div>`;
  const lines = `<div data-b>First line about ${topic(1)}<br>Second line about ${topic(2)}<br>Third line about ${topic(3)}<h3 data-b>A heading inside the lines</h3>Last line after the heading</div>`;
  const tall = `<div data-b>Text before the long list about ${topic(0)}${Array.from({ length: 40 }, (_, i) => `<p data-b>Long list entry ${i} about ${topic(i)}</p>`).join('')}Text after the long list</div>`;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Odd containers</title></head>' +
    `<body data-b style="font:15px/1.4 sans-serif;margin:8px">Text directly in the body about ${topic(1)}<br>A second line of the body<br>${flex}${cards}${wrappers}${lines}${tall}</body></html>`
  );
}
