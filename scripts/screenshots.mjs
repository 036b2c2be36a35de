// Screenshots of the options page in several UI languages, to check by eye that no text overflows.
//   VERSO_OUT_DIR=.output-x npx wxt build && VERSO_OUT_DIR=.output-x node scripts/screenshots.mjs [de ja ru ...]
// Each locale gets its own Chromium (fresh profile, `--lang` and LANGUAGE set, as a person's browser in that
// language would be) with the built extension, connected to a local service. Every options section is
// taken at 1280 and 800 px wide into `$SCREENSHOT_DIR` (default test-results/<VERSO_OUT_DIR>/screenshots),
// and elements whose text is wider than their box (clipped or spilling) are listed on the console.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const { launchWithExtension, extensionIdOf } = await tsImport('../tests/e2e/browser.ts', import.meta.url);
const { startService } = await tsImport('../service/testing/service.ts', import.meta.url);

// SECTIONS=languages,usage limits the run to those sections.
const ALL_SECTIONS = [
  'connection',
  'defaults',
  'translation-controls',
  'writing',
  'glossaries',
  'languages',
  'site-rules',
  'settings-file',
  'documents',
  'usage',
  'admin',
];
const SECTIONS = process.env.SECTIONS ? process.env.SECTIONS.split(',') : ALL_SECTIONS;
const WIDTHS = [1280, 800];
const locales = process.argv.slice(2).length ? process.argv.slice(2) : ['de', 'ja', 'ru'];
const outDir = process.env.SCREENSHOT_DIR
  ? path.resolve(process.env.SCREENSHOT_DIR)
  : path.join(root, 'test-results', process.env.VERSO_OUT_DIR || 'default', 'screenshots');
mkdirSync(outDir, { recursive: true });

/** Elements whose content is wider than their box and not meant to scroll: what a person sees cut off. */
function overflowing() {
  const found = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > innerWidth + 1) {
    // Name the outermost element reaching past the window's right edge.
    const past = [...document.querySelectorAll('body *')].filter(
      (el) => el.getBoundingClientRect().right > innerWidth + 1 && !el.parentElement?.closest('.table-scroll'),
    );
    const widest = past.find((el) => !past.includes(el.parentElement));
    const what = widest ? `<${widest.tagName.toLowerCase()} class="${widest.className}">` : 'unknown';
    found.push(`page scrolls sideways: ${doc.scrollWidth} > ${innerWidth}, first past the edge: ${what}`);
  }
  for (const el of document.querySelectorAll('body *')) {
    if (!(el instanceof HTMLElement) || el.offsetParent === null) continue;
    const style = getComputedStyle(el);
    if (/(auto|scroll)/.test(style.overflowX) || el.tagName === 'TEXTAREA' || el.tagName === 'INPUT') continue;
    if (
      el.scrollWidth > el.clientWidth + 1 &&
      el.clientWidth > 1 &&
      style.clipPath === 'none' &&
      style.clip === 'auto'
    ) {
      const text = (el.innerText || el.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 60);
      found.push(
        `<${el.tagName.toLowerCase()} class="${el.className}">: ${el.scrollWidth} > ${el.clientWidth} "${text}"`,
      );
    }
  }
  return found;
}

const service = await startService();
let problems = 0;
try {
  for (const locale of locales) {
    const lang = locale.replace('_', '-');
    process.env.LANGUAGE = locale.replace('-', '_');
    const context = await launchWithExtension({ locale: lang });
    try {
      const id = await extensionIdOf(context);
      const worker = context.serviceWorkers()[0];
      await worker.evaluate((c) => chrome.storage.local.set({ credentials: c }), {
        apiKey: service.options.paidKey,
        serverUrl: service.url,
        adminKey: service.options.adminKey,
      });
      const ui = await worker.evaluate(() => chrome.i18n.getUILanguage());
      console.log(`${locale}: the browser's UI language is ${ui}`);
      const page = await context.newPage();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const section of SECTIONS) {
          await page.goto(`chrome-extension://${id}/options.html#${section}`);
          await page
            .locator(`#${section}`)
            .first()
            .waitFor({ state: 'visible', timeout: 10_000 })
            .catch(() => {});
          // Sections load their data from the service; wait until nothing says it is loading.
          await page
            .waitForFunction(() => !/…/.test(document.querySelector('main')?.textContent ?? ''), null, {
              timeout: 5_000,
            })
            .catch(() => {});
          const file = path.join(outDir, `options-${locale}-${section}-${width}.png`);
          await page.screenshot({ path: file, fullPage: true });
          const found = await page.evaluate(overflowing);
          for (const f of found) console.log(`  ${locale} ${section} ${width}px: ${f}`);
          problems += found.length;
        }
      }
    } finally {
      await context.close();
    }
  }
} finally {
  await service.close();
}
console.log(`Screenshots in ${path.relative(root, outDir)}; ${problems} overflowing elements listed.`);
