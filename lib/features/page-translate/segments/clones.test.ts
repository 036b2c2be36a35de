// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { TranslatedCopies } from './clones.ts';
import { PageTranslation } from './restore.ts';
import { segment } from './segment.ts';
import { translateWith } from './test-translate.ts';

// A page whose view is copied while translated and put back later (Turbo Drive's snapshots).
const VIEW = `<main><h1>Harbour <em>news</em></h1>
<p lang="en-GB">The harbour opens
  at <b>six</b> in the morning.<!-- marker --></p><nav><a href="/1" title="All our boats">Boats</a>
<a href="/2">Tides</a></nav></main>`;

let copies: TranslatedCopies;
let store: PageTranslation;

beforeEach(() => {
  document.body.innerHTML = VIEW;
  copies = new TranslatedCopies({ targetLang: 'DE' });
  store = new PageTranslation({ targetLang: 'DE', onLeave: (record) => copies.remember(record) });
  const { units } = segment(document.body, { targetLang: 'DE' });
  for (const [unit, html] of translateWith(units)) expect(store.apply(unit, html)).toBe('applied');
});

describe('TranslatedCopies', () => {
  it('gives a copy of a translated view its exact original back, attributes too, once the view left the page', () => {
    const main = document.querySelector('main')!;
    expect(main.querySelector('p')?.getAttribute('lang')).toBe('de');
    // The page copies the translated view, then moves on: the view leaves, its runs are remembered.
    const copy = main.cloneNode(true) as Element;
    expect(copy.querySelector('a')?.getAttribute('title')).toBe('ALL OUR BOATS');
    main.remove();
    store.prune();
    const view = new DOMParser().parseFromString(VIEW, 'text/html').body.innerHTML;

    // Back: the page puts the copy in. It shows its original, white space, order, comments and lang.
    document.body.append(copy);
    copies.revert([copy], store);
    expect(copy.outerHTML).toBe(view);
    // Cut again, it is text like any other (not skipped as the target's language).
    const again = segment(copy, { targetLang: 'DE' }).units.map((unit) => unit.source);
    expect(again).toContain('Harbour <em id="v1">news</em>');
  });

  it('leaves alone what Verso shows itself, and copies it does not know', () => {
    const shown = document.body.innerHTML;
    copies.revert([document.body], store);
    expect(document.body.innerHTML).toBe(shown);
    const stranger = document.createElement('p');
    stranger.setAttribute('lang', 'de');
    stranger.textContent = 'Schon deutsch.';
    document.body.append(stranger);
    copies.revert([stranger], store);
    expect(stranger.outerHTML).toBe('<p lang="de">Schon deutsch.</p>');
  });
});
