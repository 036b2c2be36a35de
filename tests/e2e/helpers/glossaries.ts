import { expect, type Page, type Worker } from '@playwright/test';
import type { TestService } from '../fixtures.ts';

// Glossaries as the service keeps them and as Verso's options choose them.

export type SvcGlossary = {
  glossary_id: string;
  name: string;
  dictionaries: Array<{ source_lang: string; target_lang: string; entry_count: number }>;
};

export async function serviceGlossaries(svc: TestService): Promise<SvcGlossary[]> {
  const res = await svc.api('GET', '/v3/glossaries', svc.paidKey);
  return ((await res.json()) as { glossaries: SvcGlossary[] }).glossaries;
}

/** The entries of a glossary's dictionary for `pair`, one line each, in the service's order. */
export async function serviceEntries(svc: TestService, id: string, pair = 'source_lang=en&target_lang=de') {
  const res = await svc.api('GET', `/v3/glossaries/${id}/entries?${pair}`, svc.paidKey);
  return ((await res.json()) as { dictionaries: Array<{ entries: string }> }).dictionaries[0]!.entries.split('\n');
}

/** The default glossary of each language pair, as stored. */
export const storedDefaults = (worker: Worker) =>
  worker.evaluate(async () => (await chrome.storage.local.get('glossaryDefaults')).glossaryDefaults);

/** A glossary EN -> DE made on the service, chosen as the pair's default in Verso's options. */
export async function defaultGlossary(svc: TestService, openExtensionPage: (file: string) => Promise<Page>) {
  const created = await svc.api('POST', '/v3/glossaries', svc.paidKey, {
    name: 'Rowing terms',
    dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'oars\tRuder', entries_format: 'tsv' }],
  });
  const { glossary_id } = (await created.json()) as { glossary_id: string };
  const options = await openExtensionPage('options.html#glossaries');
  await options.getByLabel('EN → DE').selectOption({ label: 'Rowing terms' });
  const worker = options.context().serviceWorkers()[0]!;
  await expect.poll(() => storedDefaults(worker)).toEqual({ 'en>de': glossary_id });
  await options.close();
  return glossary_id;
}
