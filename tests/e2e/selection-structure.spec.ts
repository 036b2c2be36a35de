import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import {
  clickTranslateSelection,
  dragBetween,
  ORIGIN,
  offerIn,
  pressTranslateShortcut,
  serve,
} from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';

// What a selection of several blocks looks like in the bubble and on the clipboard, and the text
// around a selection that goes with it as `context` (lib/features/selection/README.md).

const GUIDE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Packing guide</title>
<style>
  nav { display: flex; gap: 12px; }
  .tabs span { display: inline-block; padding: 0 8px; }
</style></head>
<body>
  <nav><a href="/">Home</a><a href="/travel">Travel</a><a href="/food">Food</a></nav>
  <div class="tabs"><span>Day</span><span>Week</span></div>
  <table><tr><th>Item</th><th>Weight</th></tr><tr><td>Tent</td><td>two kilos</td></tr></table>
  <p id="address">Harbour Road 1<br>Northport</p>
  <h2 id="heading">Packing for the <b>hills</b></h2>
  <p id="intro">Bring warm clothes and a good map.</p>
  <ul id="list"><li>Boots that fit</li><li>A <a href="/tents">light tent</a></li></ul>
  <p id="after">Good luck out there.</p>
  <ol id="steps"><li>Check the weather</li><li>Tell a friend</li></ol>
</body></html>`;

const URL = `${ORIGIN}/guide.html`;

test.describe('a selection of several blocks', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await serve(page, { '/guide.html': GUIDE });
    await page.goto(URL);
  });

  test('a heading, a paragraph and a list dragged over keep their shape in the bubble and on the clipboard', async ({
    page,
    background,
    svc,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });
    // A person drags from the start of the heading to the end of the list's last item.
    await dragBetween(page, '#heading', page.locator('#list li').last());
    await svc.clearRequests();
    await pressTranslateShortcut(background, URL);

    const dialog = page.getByRole('dialog', { name: 'Translation' });
    const result = dialog.locator('.result');
    await expect(result.getByRole('heading', { level: 2 })).toHaveText(toGerman('Packing for the hills'));
    await expect(result.getByRole('heading', { level: 2 }).locator('b')).toHaveText(toGerman('hills'));
    await expect(result.getByRole('paragraph')).toHaveText(toGerman('Bring warm clothes and a good map.'));
    const items = result.getByRole('list').getByRole('listitem');
    await expect(items).toHaveText([toGerman('Boots that fit'), toGerman('A light tent')]);
    await expect(items.nth(1).getByRole('link')).toHaveAttribute('href', `${ORIGIN}/tents`);
    // The shape is Verso's own markup around the sanitised paragraphs: nothing else comes through.
    expect(await result.locator('[class], [style], [id]').count()).toBe(0);
    // Headings and lists inside the dialog are no accessibility problem.
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .include('verso-selection')
      .analyze();
    expect(axe.passes.length).toBeGreaterThan(3);
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    const [request, ...more] = await svc.requests('/v2/translate');
    expect(more).toHaveLength(0);
    expect(request!.body?.tag_handling).toBe('html');
    expect(request!.body?.text).toEqual([
      'Packing for the <b>hills</b>',
      'Bring warm clothes and a good map.',
      'Boots that fit',
      'A <a id="a1">light tent</a>',
    ]);

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Copied.');
    const copied = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      const read = async (type: string) => (item?.types.includes(type) ? (await item.getType(type)).text() : '');
      return { text: await read('text/plain'), html: await read('text/html') };
    });
    expect(copied.text).toBe(
      [
        toGerman('Packing for the hills'),
        '',
        toGerman('Bring warm clothes and a good map.'),
        '',
        `- ${toGerman('Boots that fit')}`,
        `- ${toGerman('A light tent')}`,
      ].join('\n'),
    );
    // The browser may wrap what it stores (a meta tag, its own fragment markers): the blocks are there.
    const html = copied.html.replace(/\s+/g, ' ');
    expect(html).toContain(`<h2>${toGerman('Packing for the ')}<b>${toGerman('hills')}</b></h2>`);
    expect(html).toContain(`<p>${toGerman('Bring warm clothes and a good map.')}</p>`);
    expect(html).toContain(
      `<ul><li>${toGerman('Boots that fit')}</li><li>${toGerman('A ')}<a href="${ORIGIN}/tents">${toGerman('light tent')}</a></li></ul>`,
    );
  });

  test('an ordered list selected with the keyboard keeps its numbers', async ({ page, background, svc }) => {
    // The second item only: a double click on its first word, then Shift+End to the end of the line. The
    // offer bar pushes the page down once it is in: measured after that.
    await offerIn(page);
    const second = page.locator('#steps li').nth(1);
    const box = (await second.boundingBox())!;
    await page.mouse.dblclick(box.x + 4, box.y + box.height / 2);
    await page.keyboard.press('Shift+End');
    await expect.poll(() => page.evaluate(() => getSelection()?.toString())).toBe('Tell a friend');
    await svc.clearRequests();
    await pressTranslateShortcut(background, URL);
    const result = page.getByRole('dialog', { name: 'Translation' }).locator('.result');
    await expect(result.getByRole('listitem')).toHaveText(toGerman('Tell a friend'));
    await expect(result.getByRole('list')).toHaveAttribute('start', '2');
    const [request] = await svc.requests('/v2/translate');
    expect(request!.body?.text).toEqual(['Tell a friend']);
  });

  test('the context keeps menu items, tabs, cells, lines and blocks apart', async ({ page, background, svc }) => {
    await page.locator('#intro').click({ clickCount: 3 });
    await svc.clearRequests();
    await clickTranslateSelection(background, URL);
    await expect(page.getByRole('dialog', { name: 'Translation' }).locator('.result')).toContainText(
      toGerman('Bring warm clothes'),
    );
    const [request] = await svc.requests('/v2/translate');
    const context = String(request!.body?.context);
    expect(context).toBe(
      [
        'Home\nTravel\nFood\nDay Week\nItem Weight\nTent two kilos\nHarbour Road 1\nNorthport\nPacking for the hills',
        'Boots that fit\nA light tent\nGood luck out there.\nCheck the weather\nTell a friend',
      ].join('\n\n'),
    );
  });
});
