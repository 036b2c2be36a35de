import { browser } from 'wxt/browser';
import { t } from '../../ui/i18n.ts';
import { type GlossaryCache, glossaryCache } from './cache.background.ts';
import { changeDefaults } from './defaults.background.ts';
import { defaultsThatExist } from './defaults.ts';
import type { GlossaryRefreshResult } from './types.ts';

/**
 * A glossary deleted elsewhere (another device, the service's own API) must not break a language pair
 * for good: the first translation that gets a 404 for it finds out it is gone, the glossary leaves the
 * cache and the defaults, the translation goes on without it, and the person is told once, with a way
 * to choose another. See `withoutGoneGlossary`.
 */

/** Notifications about a glossary that is gone; a click opens the options at the glossaries. */
export const GLOSSARY_GONE_PREFIX = 'verso-glossary-gone:';

/** What became of a glossary that a translation could not use. */
export interface GoneGlossary {
  glossaryId: string;
  /** Its name as last known, when Verso had seen it. */
  name?: string;
}

export interface GoneDeps {
  /** Asks the service whether the glossary exists; forgets it from the cache when it does not. */
  confirm(glossaryId: string): Promise<{ exists: true } | { exists: false; name?: string }>;
  /** Drops the glossary from the per-pair defaults. */
  forgetDefaults(glossaryId: string): Promise<void>;
  /** Tells the person, once per glossary. */
  notify(gone: GoneGlossary): Promise<void>;
}

const forgetDefaults = (glossaryId: string) =>
  changeDefaults((defaults) => {
    const keep = Object.entries(defaults).filter(([, id]) => id !== glossaryId);
    return keep.length === Object.keys(defaults).length ? defaults : Object.fromEntries(keep);
  });

async function notify(gone: GoneGlossary): Promise<void> {
  await browser.notifications
    .create(`${GLOSSARY_GONE_PREFIX}${gone.glossaryId}`, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title: t('glossaryGoneTitle', 'A glossary no longer exists'),
      message: gone.name
        ? t(
            'glossaryGoneNamed',
            'The glossary “$1” was deleted. Verso took it out of your defaults and translates without it. Click to choose another.',
            gone.name,
          )
        : t(
            'glossaryGoneUnnamed',
            'A glossary you used was deleted. Verso took it out of your defaults and translates without it. Click to choose another.',
          ),
    })
    .catch(() => undefined); // notifications switched off: the translation's note still says it
}

/** The glossaries found gone while this worker runs; further requests drop them without asking again. */
export class GoneGlossaries {
  private readonly known = new Map<string, Promise<GoneGlossary | undefined>>();

  constructor(private readonly deps: GoneDeps) {}

  /** Whether the glossary is known to be gone. */
  isGone(glossaryId: string): Promise<boolean> {
    const known = this.known.get(glossaryId);
    return known ? known.then((gone) => gone !== undefined) : Promise.resolve(false);
  }

  /**
   * After a 404 to a request that carried the glossary: the glossary if it is gone (forgotten, defaults
   * cleared, the person told, each once however many requests ask), undefined when it exists and the 404
   * was about something else.
   */
  check(glossaryId: string): Promise<GoneGlossary | undefined> {
    let known = this.known.get(glossaryId);
    if (!known) {
      known = this.find(glossaryId);
      this.known.set(glossaryId, known);
      // A glossary that exists, or a check that failed, is asked about again next time.
      void known.then(
        (gone) => {
          if (!gone) this.known.delete(glossaryId);
        },
        () => this.known.delete(glossaryId),
      );
    }
    return known;
  }

  /** Glossaries a refresh found gone (the list no longer has them): the person is told once about each. */
  async forgotten(gone: readonly GoneGlossary[]): Promise<void> {
    for (const g of gone) {
      if (this.known.has(g.glossaryId)) continue;
      this.known.set(g.glossaryId, Promise.resolve(g));
      await this.deps.notify(g);
    }
  }

  private async find(glossaryId: string): Promise<GoneGlossary | undefined> {
    const answer = await this.deps.confirm(glossaryId);
    if (answer.exists) return undefined;
    const gone: GoneGlossary = { glossaryId, ...(answer.name ? { name: answer.name } : {}) };
    await this.deps.forgetDefaults(glossaryId);
    await this.deps.notify(gone);
    return gone;
  }

  /**
   * Runs a translation with `params`; when it is refused with 404 and its glossary is gone, once more
   * without the glossary. `dropped` names the glossary left out, if any.
   */
  async run<P extends { glossary_id?: string }, T>(
    params: P,
    translate: (params: P) => Promise<T>,
  ): Promise<{ value: T; dropped?: GoneGlossary }> {
    const id = params.glossary_id;
    if (!id) return { value: await translate(params) };
    const { glossary_id: _dropped, ...without } = params;
    if (await this.isGone(id)) {
      const dropped = await this.known.get(id);
      return { value: await translate(without as P), ...(dropped ? { dropped } : {}) };
    }
    try {
      return { value: await translate(params) };
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'not_found') throw e;
      const dropped = await this.check(id).catch(() => undefined);
      if (!dropped) throw e;
      return { value: await translate(without as P), dropped };
    }
  }
}

/**
 * Refreshes the glossary list from the service. Defaults whose glossary (or its dictionary for their pair)
 * is gone are dropped, and the person is told once about each glossary that was a default and is gone.
 */
export async function refreshKeepingDefaults(
  cache: GlossaryCache,
  gone: GoneGlossaries,
): Promise<GlossaryRefreshResult> {
  const names = new Map((await cache.cached()).glossaries.map((g) => [g.glossary_id, g.name]));
  const result = await cache.refresh();
  const exists = new Set(result.glossaries.map((g) => g.glossary_id));
  let lost: string[] = [];
  await changeDefaults((defaults) => {
    lost = [...new Set(Object.values(defaults))].filter((id) => !exists.has(id));
    return defaultsThatExist(defaults, result.glossaries);
  });
  await gone.forgotten(
    lost.map((glossaryId) => {
      const name = names.get(glossaryId);
      return { glossaryId, ...(name ? { name } : {}) };
    }),
  );
  return result;
}

let shared: GoneGlossaries | undefined;

/** The worker's record of gone glossaries, on the extension's cache, defaults and notifications. */
export function goneGlossaries(): GoneGlossaries {
  shared ??= new GoneGlossaries({ confirm: (id) => glossaryCache().confirm(id), forgetDefaults, notify });
  return shared;
}

/** The note a translation carries when its glossary was left out. */
export function goneNote(gone: GoneGlossary): string {
  return gone.name
    ? t(
        'glossaryGoneNote',
        'The glossary “$1” no longer exists: this was translated without it, and it was taken out of your defaults. Choose another in Verso options.',
        gone.name,
      )
    : t(
        'glossaryGoneNoteUnnamed',
        'The glossary no longer exists: this was translated without it, and it was taken out of your defaults. Choose another in Verso options.',
      );
}
