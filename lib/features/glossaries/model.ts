import { computed, signal } from '@preact/signals';
import { send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import { getGlossaryDefaults, glossaryDefaultsItem } from '../../settings/items.ts';
import { GlossaryDefaults } from '../../settings/schema.ts';
import type { GlossaryChanges, GlossaryView, LanguagePair } from './types.ts';

/** The glossary list of the options page: shown from the cache first, then refreshed from the service. */
export const glossaries = signal<GlossaryView[]>([]);
export const fetchedAt = signal<number | undefined>(undefined);
export const refreshing = signal(false);
/** Why the last refresh failed; while set the page is read-only and says so. */
export const unreachable = signal<ErrorInfo | undefined>(undefined);
export const lastChanges = signal<GlossaryChanges | undefined>(undefined);
/** The outcome of the last change the person asked for. */
export const actionError = signal<ErrorInfo | undefined>(undefined);
export const notice = signal<string | undefined>(undefined);
export const busy = signal(false);
export const selectedId = signal<string | undefined>(undefined);
export const defaults = signal<GlossaryDefaults>({});

export const readOnly = computed(() => unreachable.value !== undefined);
export const selected = computed(() => glossaries.value.find((g) => g.glossary_id === selectedId.value));

const byName = (a: GlossaryView, b: GlossaryView) => a.name.localeCompare(b.name);

function put(view: GlossaryView) {
  glossaries.value = [...glossaries.value.filter((g) => g.glossary_id !== view.glossary_id), view].sort(byName);
}

/** Opens the section: the cached list at once, then the service's. */
export async function openGlossaries(): Promise<void> {
  const cached = await send('glossaries.cached', {});
  if (cached.ok) {
    glossaries.value = cached.value.glossaries;
    fetchedAt.value = cached.value.fetchedAt;
  }
  await Promise.all([refreshGlossaries({ quiet: true }), loadDefaults()]);
}

/** `quiet`: the refresh on opening reports only failures, not "nothing changed". */
export async function refreshGlossaries({ quiet = false }: { quiet?: boolean } = {}): Promise<void> {
  refreshing.value = true;
  const result = await send('glossaries.refresh', {});
  refreshing.value = false;
  if (!result.ok) {
    unreachable.value = result.error;
    return;
  }
  unreachable.value = undefined;
  glossaries.value = result.value.glossaries;
  fetchedAt.value = result.value.fetchedAt;
  const { added, removed, changed } = result.value.changes;
  lastChanges.value = quiet && added.length + removed.length + changed.length === 0 ? undefined : result.value.changes;
  if (selectedId.value && !glossaries.value.some((g) => g.glossary_id === selectedId.value))
    selectedId.value = undefined;
}

/** Runs one change against the service; errors land in `actionError`. Returns the value or undefined. */
async function act<T>(run: () => Promise<{ ok: true; value: T } | { ok: false; error: ErrorInfo }>, done?: string) {
  busy.value = true;
  actionError.value = undefined;
  notice.value = undefined;
  lastChanges.value = undefined;
  const result = await run();
  busy.value = false;
  if (!result.ok) {
    actionError.value = result.error;
    return undefined;
  }
  notice.value = done;
  return result.value;
}

export async function createGlossary(name: string, pair: LanguagePair, entries: string, done: string) {
  const view = await act(() => send('glossaries.create', { name, dictionary: { ...pair, entries } }), done);
  if (view) {
    put(view);
    selectedId.value = view.glossary_id;
  }
  return view;
}

export async function renameGlossary(glossaryId: string, name: string, done: string) {
  const view = await act(() => send('glossaries.rename', { glossaryId, name }), done);
  if (view) put(view);
  return view;
}

export async function addDictionary(glossaryId: string, pair: LanguagePair, entries: string, done: string) {
  const saved = await act(
    () => send('glossaries.saveDictionary', { glossaryId, ...pair, entries, mode: 'replace' }),
    done,
  );
  if (saved) put(saved.glossary);
  return saved;
}

export async function deleteDictionary(glossaryId: string, pair: LanguagePair, done: string) {
  const view = await act(() => send('glossaries.deleteDictionary', { glossaryId, ...pair }), done);
  if (view) put(view);
  await loadDefaults();
  return view;
}

export async function deleteGlossary(glossaryId: string, done: string) {
  const deleted = await act(() => send('glossaries.delete', { glossaryId }), done);
  if (deleted !== undefined) {
    glossaries.value = glossaries.value.filter((g) => g.glossary_id !== glossaryId);
    if (selectedId.value === glossaryId) selectedId.value = undefined;
  }
  await loadDefaults();
  return deleted !== undefined;
}

/** After the editor saved: the list shows the new counts. */
export const updateGlossary = put;

export async function loadDefaults() {
  defaults.value = await getGlossaryDefaults();
}

/** Sets (or with '' clears) the glossary translations use by default for a pair key. */
export async function setDefaultGlossary(pairKey: string, glossaryId: string) {
  const next = { ...(await getGlossaryDefaults()) };
  if (glossaryId) next[pairKey] = glossaryId;
  else delete next[pairKey];
  await glossaryDefaultsItem.setValue(GlossaryDefaults.parse(next));
  defaults.value = next;
}
