import type { ApiClient } from '../api/index.ts';
import { type GoneGlossary, goneGlossaries, goneNote } from '../features/glossaries/gone.background.ts';
import {
  type ResolvedParams,
  resolveTranslateParams,
  type TranslateRequest,
} from '../features/translation-controls/params.background.ts';
import { baseOf } from '../languages/index.ts';
import type { TextJobDeps } from './job.ts';

/**
 * Job dependencies whose parameters come from the one resolver (translate-params.ts), asked per source.
 * A glossary deleted elsewhere is left out and the text translated without it (gone.background.ts).
 */
export function textJobDeps(client: ApiClient, request: Omit<TranslateRequest, 'sourceLang'>) {
  const resolved = new Map<string, ResolvedParams>();
  const dropped = new Map<string, GoneGlossary>();
  const deps: TextJobDeps = {
    async translate(params) {
      const out = await goneGlossaries().run(params, (p) => client.translate(p));
      if (out.dropped) dropped.set(out.dropped.glossaryId, out.dropped);
      return out.value;
    },
    async paramsFor(source) {
      const out = await resolveTranslateParams({ ...request, ...(source ? { sourceLang: source } : {}) });
      resolved.set(source ?? '', out);
      return out.params;
    },
  };
  /** The resolution whose parameters were sent last: the job's final source names it ('' for detection). */
  const used = (sourceLang: string | undefined) => resolved.get(sourceLang ?? '');
  /** The glossary the answer really used, and the notes of the resolution plus why a glossary was left out. */
  const outcome = (out: { sourceLang?: string; glossaryId?: string }) => {
    const gone = out.glossaryId ? dropped.get(out.glossaryId) : undefined;
    const notes = used(out.sourceLang)?.notes.map((n) => n.message) ?? [];
    return { glossaryId: gone ? undefined : out.glossaryId, notes: gone ? [...notes, goneNote(gone)] : notes };
  };
  return { deps, used, outcome };
}

/**
 * The service read the text as the target's own language (docs/contract.md §4.1 rule 8: it comes back
 * unchanged, and is billed): only when it detected the source, since a source the person chose is theirs.
 */
export const alreadyIn = (chosenSource: string | undefined, detected: string, target: string) =>
  chosenSource === undefined && detected !== '' && baseOf(detected) === baseOf(target);
