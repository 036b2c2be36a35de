import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../service/testing/service.ts';
import { toGerman } from '../e2e/helpers/german.ts';
import { cueText, VERSO_TRACK } from '../e2e/helpers/video.ts';
import { byLabel, byRole, inUi, servePages, typeInto, until, VersoFirefox, waitForText } from './firefox.ts';

// One Firefox and one local service for the whole file: a smoke test of every feature in Firefox, not
// the full suite (that runs in Chromium, tests/e2e). Firefox gives automation no way to open a context
// menu, press an extension's shortcut or click the toolbar button, so flows start from Verso's own
// pages opened as tabs, as tests/e2e does where it can.

const SELECTION_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>River report</title></head><body>
<p id="before">The river rose overnight after heavy rain in the hills.</p>
<p id="target">We walked to the <b>bank</b> to see the flood for ourselves.</p>
<p id="after">Fishing was good downstream.</p>
</body></html>`;

const MISSPELLED = 'Thank you for your message. I did not recieve teh invoice yet, could you send it again please?';
const CORRECTED = 'Thank you for your message. I did not receive the invoice yet, could you send it again please?';
const WRITING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>
<label>Message <textarea id="msg" rows="4" cols="60">${MISSPELLED}</textarea></label></body></html>`;

const VIDEO_DIR = path.resolve(import.meta.dirname, '../fixtures/video');
const VIDEO_PAGE = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Rudern</title></head><body>
<video id="v" src="/clip.webm" width="480" height="270" controls muted>
  <track kind="subtitles" srclang="en" label="English" src="/clip.en.vtt" default></video></body></html>`;

// A page whose own script replaces its <body>, with a component it defines only when asked.
const SWAP_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chapter one</title></head><body>
<main><h1>Chapter one</h1><p id="text">The boat leaves the harbour at dawn.</p><boat-note id="note"></boat-note>
<button type="button" id="define">Show the note</button><button type="button" id="next">Next chapter</button></main>
<script>
document.addEventListener('click', (event) => {
  if (event.target.id === 'define') customElements.define('boat-note', class extends HTMLElement {
    constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<p>A note about the oars.</p>'; }
  });
  if (event.target.id !== 'next') return;
  const body = document.createElement('body');
  body.innerHTML = '<main><h1>Chapter two</h1><p id="text">Out on the open water the wind turns around.</p></main>';
  document.body = body;
  document.title = 'Chapter two';
});
</script></body></html>`;

let ff: VersoFirefox;
let service: RunningService;
let site: Awaited<ReturnType<typeof servePages>>;
/** An extension page kept open for reading and setting Verso's storage (never brought to the front). */
let control: Page;

async function configure(preferences: Record<string, unknown> = { targetLang: 'de' }) {
  const credentials = { apiKey: service.options.paidKey, serverUrl: service.url, adminKey: '' };
  await control.evaluate(
    (c, p) => browser.storage.local.set({ credentials: c, preferences: p }),
    credentials,
    preferences,
  );
}

beforeAll(async () => {
  [ff, service] = await Promise.all([VersoFirefox.launch(), startService()]);
  site = await servePages({
    '/article.html': readFileSync(path.resolve(import.meta.dirname, '../fixtures/pages/article.html'), 'utf8'),
    '/selection.html': SELECTION_PAGE,
    '/mixed-feed.html': readFileSync(path.resolve(import.meta.dirname, '../fixtures/pages/mixed-feed.html'), 'utf8'),
    '/writing.html': WRITING_PAGE,
    '/swap.html': SWAP_PAGE,
    '/video.html': VIDEO_PAGE,
    '/clip.webm': { type: 'video/webm', body: readFileSync(path.join(VIDEO_DIR, 'clip.webm')) },
    '/clip.en.vtt': { type: 'text/vtt; charset=utf-8', body: readFileSync(path.join(VIDEO_DIR, 'clip.en.vtt')) },
    '/paper.pdf': {
      body: readFileSync(path.resolve(import.meta.dirname, '../fixtures/pdf/paper.pdf')),
      type: 'application/pdf',
    },
  });
  control = await ff.openExtensionPage('options.html');
  ff.control = control;
}, 120_000);

afterAll(async () => {
  await ff?.close();
  await site?.close();
  await service?.close();
});

beforeEach(async () => {
  await service.control.reset();
  await control.evaluate(async () => {
    await browser.storage.local.clear();
    await browser.storage.session.clear();
  });
  for (const page of await ff.browser.pages()) if (page !== control) await page.close();
});

/**
 * Selects `#target` of the selection page with a person's triple click, then asks the tab to translate
 * it as the menu item's handler does (lib/features/selection/background.ts), from the background page.
 */
async function translateTargetParagraph(page: Page): Promise<void> {
  await (await page.waitForSelector('#target'))!.click({ count: 3 });
  await control.evaluate(async (url) => {
    const bg = (await browser.runtime.getBackgroundPage()) as unknown as { browser: typeof browser };
    // Firefox's tabs.query cannot match a URL with a port.
    const tab = (await bg.browser.tabs.query({})).find((t) => t.url === url);
    const message = { id: 1, type: 'selection.show', data: { trigger: 'menu', sendContext: true }, timestamp: 0 };
    await bg.browser.tabs.sendMessage(tab!.id!, message, { frameId: 0 });
  }, `${site.origin}/selection.html`);
}

describe('Verso in Firefox', () => {
  it('starts its background (no storage access level here) and connects from the options page', async () => {
    // Firefox has no storage.local.setAccessLevel (docs/security.md): start-up skips it and goes on.
    expect(
      await control.evaluate(() => typeof (browser.storage.local as { setAccessLevel?: unknown }).setAccessLevel),
    ).toBe('undefined');

    const options = await ff.openExtensionPage('options.html');
    await typeInto(await byLabel(options, 'API key'), service.options.paidKey);
    await typeInto(await byLabel(options, 'Server URL'), service.url);
    await (await byRole(options, 'button', 'Save')).click();
    await waitForText(options, 'body', 'Saved.');
    await (await byRole(options, 'button', 'Test connection')).click();
    expect(await waitForText(options, 'body', 'Connected.')).toContain('of 1,000,000,000 characters used this period');

    const [usage, ...more] = await service.control.requests('/v2/usage');
    expect(more).toHaveLength(0);
    expect(usage!.status).toBe(200);
    expect(usage!.headers.authorization).toMatch(/a001$/);
  });

  it('translates a selection in a bubble, with the text around it sent as context', async () => {
    await configure();
    const page = await ff.openPage(`${site.origin}/selection.html`);
    await translateTargetParagraph(page);

    const bubble = await inUi(page, 'verso-selection', '[role=dialog]', 'Translation');
    expect(await waitForText(page, 'verso-selection >>> .result', toGerman('We walked to the bank'))).toContain(
      toGerman('to see the flood for ourselves.'),
    );
    expect(await bubble.evaluate((el) => el.querySelector('.result b')?.textContent)).toBe('bänk');

    const [request, ...more] = await service.control.requests('/v2/translate');
    expect(more).toHaveLength(0);
    expect(request!.body?.text).toEqual(['We walked to the <b>bank</b> to see the flood for ourselves.']);
    expect(request!.body?.context).toContain('The river rose overnight after heavy rain in the hills.');
    expect(request!.body?.context).toContain('Fishing was good downstream.');
    expect(request!.body?.context).not.toContain('We walked');
  });

  it('the sidebar page reads the selection, translates it with its context, and keeps it in the history', async () => {
    await configure();
    const manifest = await control.evaluate(() => browser.runtime.getManifest());
    expect((manifest as { sidebar_action?: { default_panel?: string } }).sidebar_action?.default_panel).toMatch(
      /\/sidepanel\.html$/,
    );
    const page = await ff.openPage(`${site.origin}/selection.html`);
    await (await page.waitForSelector('#target'))!.click({ count: 3 });
    // Opened as a tab (automation cannot open Firefox's sidebar), it acts on the tab used last: the page.
    const panel = await ff.openExtensionPage('sidepanel.html');
    await (await byRole(panel, 'button', 'Use the page’s selection')).click();
    const text = 'We walked to the bank to see the flood for ourselves.';
    await waitForText(panel, 'blockquote', text);
    await (await byRole(panel, 'button', `Translate selection (${text.length} characters)`)).click();
    await waitForText(panel, '.panel-section .result', toGerman(text));
    const [request] = await service.control.requests('/v2/translate');
    expect(request!.body?.context).toContain('The river rose overnight after heavy rain in the hills.');
    expect(await waitForText(panel, '.history-list', text)).toContain(toGerman(text));
  });

  it('translates a page from the popup and shows the original again', async () => {
    await configure();
    const page = await ff.openPage(`${site.origin}/article.html`);
    const original = await page.evaluate(() => document.body.innerHTML);
    // The popup opened as a tab acts on the tab used last before it: the article.
    const popup = await ff.openExtensionPage('popup.html');
    await (await byRole(popup, 'button', 'Translate page')).click();

    expect(await waitForText(page, '#intro', 'Röwing')).toBe(
      toGerman('Rowing is a good outdoor sport for all ages. Read our guide before you go out.'),
    );
    // "Translated into German", or "Translating into German as you read" while the page may grow.
    await waitForText(popup, 'body', 'into German');
    expect(await page.$eval('#intro b i', (el) => el.textContent)).toBe('öütdöör');
    expect(
      await (await inUi(page, 'verso-page', 'section', 'Verso page translation')).evaluate((el) => el.textContent),
    ).toContain('into German');
    const sentTexts = async () =>
      (await service.control.requests('/v2/translate')).flatMap((r) => (r.body?.text ?? []) as string[]);
    expect((await sentTexts()).length).toBeGreaterThan(0);
    // A tooltip goes when the person points at its link, not with the page.
    expect(await sentTexts()).not.toContain('Open the guide');
    await page.bringToFront();
    await page.hover('#guide');
    await until('the translated tooltip', () =>
      page.$eval('#guide', (el, want) => el.getAttribute('title') === want, toGerman('Open the guide')),
    );

    await (await byRole(popup, 'button', 'Show original')).click();
    await until('the original page', () => page.evaluate((html) => document.body.innerHTML === html, original));
  });

  it('follows a component defined late and a <body> the page replaces, and restores the new body', async () => {
    await configure();
    const page = await ff.openPage(`${site.origin}/swap.html`);
    const popup = await ff.openExtensionPage('popup.html');
    await (await byRole(popup, 'button', 'Translate page')).click();
    await waitForText(page, '#text', toGerman('The boat leaves the harbour at dawn.'));
    await page.bringToFront();
    await (await page.waitForSelector('#define'))!.click();
    const note = () => page.evaluate(() => document.getElementById('note')?.shadowRoot?.textContent ?? '');
    await until('the late component translated', async () => (await note()) === toGerman('A note about the oars.'));
    await (await page.waitForSelector('#next'))!.click();
    await waitForText(page, '#text', toGerman('Out on the open water the wind turns around.'));
    await until('the title translated', async () => (await page.title()) === toGerman('Chapter two'));

    await (await byRole(popup, 'button', 'Show original')).click();
    await until('the new body restored', () =>
      page.evaluate(
        () =>
          document.body.innerHTML ===
          '<main><h1>Chapter two</h1><p id="text">Out on the open water the wind turns around.</p></main>',
      ),
    );
    expect(await page.title()).toBe('Chapter two');
  });

  it("leaves the posts of a feed already in German unsent, by Firefox's own language detector", async () => {
    await configure({ targetLang: 'de', pageReading: 'whole-page' });
    const page = await ff.openPage(`${site.origin}/mixed-feed.html`);
    const text = (id: string) => page.$eval(`#${id} .text`, (el) => el.textContent ?? '');
    const [english, german] = [await text('en-1'), await text('de-1')];
    const popup = await ff.openExtensionPage('popup.html');
    await (await byRole(popup, 'button', 'Translate page')).click();
    expect(await waitForText(page, '#en-2 .text', 'Döes')).toContain('böäthöüse');
    expect(await text('en-1')).toBe(toGerman(english));
    await waitForText(popup, 'body', 'already in German were left as they are');
    const sent = (await service.control.requests('/v2/translate')).flatMap((r) => (r.body?.text ?? []) as string[]);
    expect(sent.filter((t) => t.includes('Vereinsheim') || t.includes('Verspätung'))).toEqual([]);
    expect(await text('de-1')).toBe(german);
  });

  it('says an English page is already in English for an American English target, with nothing sent', async () => {
    await configure({ targetLang: 'en-US' });
    const page = await ff.openPage(`${site.origin}/article.html`);
    const original = await page.evaluate(() => document.body.innerHTML);
    const before = (await service.control.requests('/v2/translate')).length;
    const popup = await ff.openExtensionPage('popup.html');
    await waitForText(popup, 'body', 'This page is already in English');
    expect(await popup.evaluate(() => document.body.textContent)).toContain(
      'There is nothing to translate into a variant of the same language.',
    );
    // No greyed-out Translate page without a reason: the reason, and no button that would do nothing.
    expect(
      await popup.evaluate(() => [...document.querySelectorAll('button')].map((b) => b.textContent)),
    ).not.toContain('Translate page');
    expect((await service.control.requests('/v2/translate')).length).toBe(before);
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(original);
  });

  it('counts the translations kept in "Your data" and clears them after the person confirms', async () => {
    await configure();
    // A page no other test translates whole: its text is in no cache yet (IndexedDB outlives beforeEach).
    const url = `${site.origin}/selection.html`;
    const translate = async () => {
      const page = await ff.openPage(url);
      const popup = await ff.openExtensionPage('popup.html');
      await (await byRole(popup, 'button', 'Translate page')).click();
      await waitForText(page, '#after', toGerman('Fishing was good downstream.'));
      return (await service.control.requests('/v2/translate')).length;
    };
    const sent = await translate();
    expect(sent).toBeGreaterThan(0);

    const options = await ff.openExtensionPage('options.html#data');
    const kept = '.data-kept[data-kind="cache"]';
    const counted = await until('the cache counted', async () => {
      const text = await options.$eval(kept, (el) => el.textContent ?? '').catch(() => '');
      return /^\d+ translations?, about \d+ kB$/.test(text) ? text : undefined;
    });
    expect(Number.parseInt(counted, 10)).toBeGreaterThan(0);

    await (await byRole(options, 'button', 'Clear Translations kept')).click();
    await byRole(options, 'dialog', 'Clear “Translations kept”?');
    await (await byRole(options, 'button', 'Clear')).click();
    expect(await waitForText(options, kept, 'Nothing kept')).toBe('Nothing kept');
    expect(await waitForText(options, 'body', 'Cleared:')).toContain(`Cleared: ${counted}.`);

    // Counted again by the background from its database, for a page opened afresh: still nothing.
    const again = await ff.openExtensionPage('options.html#data');
    expect(await waitForText(again, kept, 'Nothing kept')).toBe('Nothing kept');
    // The same page translated again is sent again.
    expect(await translate()).toBeGreaterThan(sent);
  });

  it('corrects a textarea with writing help', async () => {
    await configure();
    const page = await ff.openPage(`${site.origin}/writing.html`);
    const field = (await page.waitForSelector('#msg'))!;
    await field.click();
    await (await inUi(page, 'verso-writing', 'button', 'Writing help: correct or improve this text')).click();
    await (await inUi(page, 'verso-writing', 'button', 'Check text')).click();
    await waitForText(page, 'verso-writing >>> [role=dialog]', '2 suggested changes, 0 applied, 2 left.');
    await (await inUi(page, 'verso-writing', 'button', 'Accept all')).click();
    await until('the corrected text', () =>
      field.evaluate((el, want) => (el as HTMLTextAreaElement).value === want, CORRECTED),
    );

    const requests = await service.control.requests('/v2/write');
    expect(requests.map((r) => [r.path, r.body])).toEqual([['/v2/write/correct', { text: [MISSPELLED] }]]);
  });

  it('holds back a site that spent its budget, says so in the bubble, and sends again once the person continues', async () => {
    await configure();
    // The guard's state as a page that kept spending leaves it (lib/features/spending): the site is held.
    await control.evaluate(() =>
      browser.storage.session.set({
        spendingGuard: {
          sites: {},
          tabs: {},
          held: {
            '127.0.0.1': { site: '127.0.0.1', reason: 'site', chars: 150000, since: Date.now(), features: ['page'] },
          },
        },
      }),
    );
    const page = await ff.openPage(`${site.origin}/selection.html`);
    await translateTargetParagraph(page);
    await waitForText(page, 'verso-selection >>> [role=dialog]', 'Verso held back text from 127.0.0.1');
    expect(await service.control.requests('/v2/translate')).toHaveLength(0);

    const options = await ff.openExtensionPage('options.html');
    await (await byRole(options, 'link', 'Spending')).click();
    // What was held back: the page's 150,000 and the selection refused since.
    expect(await waitForText(options, 'body', 'characters from 127.0.0.1.')).toMatch(
      /Verso held back 150,\d{3} characters from 127\.0\.0\.1\./,
    );
    await (await byRole(options, 'button', 'Continue sending from 127.0.0.1')).click();
    await until('the hold lifted', async () =>
      options.evaluate(() => !document.body.textContent?.includes('Continue sending from')),
    );

    await page.bringToFront();
    await translateTargetParagraph(page);
    await waitForText(page, 'verso-selection >>> .result', toGerman('We walked to the bank'));
    expect(await service.control.requests('/v2/translate')).toHaveLength(1);
  });

  it('creates a glossary in the options and translates with it in the popup', async () => {
    await configure();
    const options = await ff.openExtensionPage('options.html');
    await (await byRole(options, 'link', 'Glossaries')).click();
    await (await byRole(options, 'button', 'New glossary')).click();
    await typeInto(await byLabel(options, 'Name'), 'River terms');
    await (await byRole(options, 'combobox', 'Source language')).select('en');
    await (await byRole(options, 'combobox', 'Target language')).select('de');
    await (await byRole(options, 'combobox', 'Entry format')).select('csv');
    await typeInto(await byLabel(options, 'Entries'), 'river,Fluss');
    await (await byRole(options, 'button', 'Create glossary')).click();
    await waitForText(options, 'body', 'Glossary “River terms” created.');

    const popup = await ff.openExtensionPage('popup.html');
    await (await byRole(popup, 'combobox', 'Source language')).select('en');
    await (await byRole(popup, 'combobox', 'Target language')).select('de');
    const glossary = await byRole(popup, 'combobox', 'Glossary');
    const glossaryId = await until('the new glossary in the popup', () =>
      glossary.evaluate((el) => [...(el as HTMLSelectElement).options].find((o) => o.text === 'River terms')?.value),
    );
    await glossary.select(glossaryId);
    await typeInto(await byRole(popup, 'textbox', 'Text to translate'), 'The river is high.');
    await (await byRole(popup, 'button', 'Translate')).click();
    expect(await waitForText(popup, 'body', 'Fluss')).toContain('The Fluss is high.');

    const [request] = (await service.control.requests('/v2/translate')).slice(-1);
    expect(request!.body).toMatchObject({ glossary_id: glossaryId, source_lang: 'en', target_lang: 'de' });
  });

  it('translates a document and downloads the result', async () => {
    await configure();
    const file = path.join(ff.downloads, '..', `verso-firefox-notes-${process.pid}.txt`);
    await writeFile(file, 'Good morning.\nThe boat is on the water.\n');
    const documents = await ff.openExtensionPage('documents.html');
    await (await byRole(documents, 'combobox', 'Translate into')).select('de');
    await (await documents.waitForSelector('input[type=file]'))!.uploadFile(file);
    await (await byRole(documents, 'button', 'Translate document')).click();
    await waitForText(documents, 'body', 'Done');
    await (await byRole(documents, 'button', `Download ${path.basename(file)}`)).click();
    const name = path.basename(file).replace(/\.txt$/, '.de.txt');
    await waitForText(documents, 'body', `Saved as ${name}`);

    const saved = await until('the downloaded file', async () =>
      (await readdir(ff.downloads)).includes(name) ? readFile(path.join(ff.downloads, name), 'utf8') : false,
    );
    expect(saved).toBe(`${toGerman('Good morning.')}\n${toGerman('The boat is on the water.')}\n`);
  });

  // Last: it takes away the access to all sites that Firefox grants with the content scripts.
  it('asks for the host permission of a custom server on Save, also when all-sites access was taken away', async () => {
    // A person can take the access to all sites away in about:addons; Verso must then ask for the
    // server's origin while it handles the click (prompts are answered yes in this profile).
    await control.evaluate(() => browser.permissions.remove({ origins: ['<all_urls>'] }));
    const options = await ff.openExtensionPage('options.html');
    await typeInto(await byLabel(options, 'API key'), service.options.paidKey);
    await typeInto(await byLabel(options, 'Server URL'), 'https://gateway.verso.test');
    await (await byRole(options, 'button', 'Save')).click();
    await waitForText(options, 'body', 'Saved.');
    expect(
      await control.evaluate(() => browser.permissions.contains({ origins: ['https://gateway.verso.test/*'] })),
    ).toBe(true);
  });

  it('plays a video with translated subtitles, on for the site: its track shows each cue with its translation', async () => {
    await configure();
    await control.evaluate(() => browser.storage.local.set({ videoSubtitles: { sites: ['127.0.0.1'], mode: 'both' } }));
    const page = await ff.openPage(`${site.origin}/video.html`);
    // Playing brings Verso's features in (the bootstrap asks; the site's choice answers).
    await page.evaluate(() => (document.getElementById('v') as HTMLVideoElement).play());
    const shown = await until('a cue shown with its translation', () =>
      page.evaluate((label) => {
        const video = document.getElementById('v') as HTMLVideoElement;
        const own = Array.from(video.textTracks).find((t) => t.label === label);
        const cue = own?.activeCues?.[0] as VTTCue | undefined;
        const n = Math.floor(video.currentTime / 1.5) + 1;
        return cue?.text.includes('\n')
          ? { text: cue.text, n, modes: Array.from(video.textTracks, (t) => t.mode) }
          : false;
      }, VERSO_TRACK),
    );
    const [original, translation] = shown.text.split('\n');
    expect(original).toMatch(/^Line \d+ is about boats and oars on the water\.$/);
    expect(translation).toBe(toGerman(original!));
    // Verso's track is the one drawn; the page's is not drawn beside it.
    expect(shown.modes[1]).toBe('showing');
    expect(shown.modes[0]).not.toBe('showing');
    const sent = (await service.control.requests('/v2/translate')).flatMap((r) => r.body?.text as string[]);
    expect(sent).toContain(cueText(2));
    expect(sent).not.toContain(cueText(20));
  });

  it('opens a PDF from its tab in Verso’s reader (the popup) and translates the page read', async () => {
    await configure();
    // Firefox's own PDF viewer, where no extension script runs (not even the tests' own, see openPage):
    // the popup opens the tab's PDF in the reader.
    const viewer = await ff.browser.newPage();
    await viewer.goto(`${site.origin}/paper.pdf`);
    const popup = await ff.openExtensionPage('popup.html');
    await (await byRole(popup, 'button', 'Open this PDF in Verso’s reader')).click();
    // The same tab now shows the reader (puppeteer reports a moz-extension page's URL as about:blank).
    const reader = viewer;
    await until('the reader in the PDF tab', () =>
      reader.evaluate(() => location.pathname === '/pdf-reader.html').catch(() => false),
    );
    // After the custom server test took access to all sites away, the reader asks for the PDF's site:
    // the person's click, which Firefox grants without a prompt under automation (firefox.ts).
    // pdf.js starts its worker and fonts first: patience on a busy machine, not a figure.
    const asks = await until(
      'the PDF or the question for its site',
      () =>
        reader.evaluate(() =>
          document.querySelector('.textLayer span')
            ? 'shown'
            : document.body.innerText.includes('Allow for')
              ? 'asks'
              : false,
        ),
      45_000,
    );
    if (asks === 'asks') {
      await (await byRole(reader, 'button', `Allow for ${site.origin}`)).click();
      expect(await control.evaluate(() => browser.permissions.contains({ origins: ['http://127.0.0.1/*'] }))).toBe(
        true,
      );
    }
    await waitForText(reader, '.textLayer', 'Reading Order in Two-Column Documents');
    await (await byRole(reader, 'button', 'Translate as I read')).click();
    // The page's layer of translations (over the original, the default).
    await waitForText(reader, '.verso-pdf-layer', toGerman('Scholarly articles are often set in two'));
    const texts = (await service.control.requests('/v2/translate')).flatMap((r) => (r.body?.text ?? []) as string[]);
    expect(texts).toContain(
      'Scholarly articles are often set in two columns, which readers follow without effort but which naive text extraction reads straight across the page, mixing the two columns into nonsense.',
    );
    expect(texts).not.toContain('1');
  });
});
