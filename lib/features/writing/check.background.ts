import { buildCorrectBody, jsonStringBytes } from '../../api/body.ts';
import { cutToFit } from '../../api/cut.ts';
import { type ApiClient, isBadRequest } from '../../api/index.ts';
import { correctTargetOf, MAX_WRITE_BODY_BYTES } from '../../api/limits.ts';
import { utf8Length } from '../../api/utf8.ts';
import { toErrorInfo } from '../../messaging/result.ts';
import { writingErrorFor } from './improve.background.ts';
import type { CheckResult } from './messages.ts';

type CorrectClient = Pick<ApiClient, 'correct'>;

/** One entry of a request's `text`: a sentence, or a piece of one too long for a request of its own. */
interface Entry {
  text: string;
  /** The sentence it belongs to. */
  sentence: number;
  /** Whitespace that followed it in the sentence (put back when pieces are joined). */
  after: string;
  /** The `target_lang` of its request: its paragraph's language, when known and taken by the endpoint. */
  lang?: string;
}

/**
 * Entries for the sentences, in order, and the requests that carry them: as many whole entries per
 * request as fit the write body limit (docs/contract.md §8: 10 KiB, measured on the encoded body). A
 * sentence larger than a request on its own is cut by the client's cutter and its pieces sent apart.
 */
export function planCheckRequests(
  sentences: readonly string[],
  maxBytes = MAX_WRITE_BODY_BYTES,
  langs: readonly (string | undefined)[] = [],
): Entry[][] {
  const baseOf = (lang: string | undefined) =>
    utf8Length(buildCorrectBody(lang ? { text: [], target_lang: lang } : { text: [] }));
  const entries: Entry[] = [];
  sentences.forEach((text, sentence) => {
    const lang = correctTargetOf(langs[sentence]);
    // Room for one entry's content in a request of its own (its quotes take two bytes).
    const cut = cutToFit(text, maxBytes - baseOf(lang) - 2);
    cut.pieces.forEach((piece, i) => {
      entries.push({ text: piece, sentence, after: cut.seps[i] ?? '', ...(lang ? { lang } : {}) });
    });
  });
  // A request holds entries of one paragraph language (its target_lang), in order.
  const requests: Entry[][] = [];
  let size = 0;
  for (const entry of entries) {
    const current = requests.at(-1);
    const cost = jsonStringBytes(entry.text);
    // Entries after the first one add a comma.
    if (current && current[0]!.lang === entry.lang && size + 1 + cost <= maxBytes) {
      current.push(entry);
      size += 1 + cost;
    } else {
      requests.push([entry]);
      size = baseOf(entry.lang) + cost;
    }
  }
  return requests;
}

/**
 * Checks sentences with `/v2/write/correct`, each an entry of its own, so only what changed is sent
 * and billed, and each answer can be kept by its sentence. The write endpoints take no `context`
 * (docs/contract.md §4.5), so neighbouring sentences are not sent along. The requests go one after another, with no
 * retries here: the caller (the field's check, `check-model.ts`) backs off and asks again with what is
 * then still unchecked, instead of requests piling up while the person types on.
 *
 * Each sentence may come with its paragraph's language (`langs`, `paragraph-language.ts`): a request then
 * holds sentences of one language and says it (`target_lang`), so a short sentence is corrected in the
 * language of the paragraph around it, and a field with an English and a German paragraph has each
 * checked in its own.
 *
 * A 400 on a request of several entries is most often one sentence in a language the service does not
 * improve (or not the paragraph's): those entries are then sent one by one (one refused in its
 * paragraph's language once more without it), and the ones refused alone get `null` (left unchecked,
 * never sent again). Any other failure stops the run: the answers so far come back with it.
 */
export async function checkSentences(
  client: CorrectClient,
  sentences: readonly string[],
  langs: readonly (string | undefined)[] = [],
): Promise<CheckResult> {
  const answers = new Map<Entry, string | null>();
  let error: CheckResult['error'];
  let requests = 0;
  const send = async (entries: Entry[], lang = entries[0]?.lang) => {
    requests++;
    const text = entries.map((e) => e.text);
    const improvements = await client.correct(lang ? { text, target_lang: lang } : { text });
    entries.forEach((entry, i) => {
      answers.set(entry, improvements[i]?.text ?? null);
    });
  };
  /** One entry; refused in its paragraph's language (a sentence in another one), once more without it. */
  const sendAlone = async (entry: Entry) => {
    try {
      await send([entry]);
    } catch (e) {
      if (!(entry.lang && isBadRequest(e))) throw e;
      await send([entry], '');
    }
  };
  const plan = planCheckRequests(sentences, MAX_WRITE_BODY_BYTES, langs);
  outer: for (const batch of plan) {
    try {
      if (batch.length === 1) await sendAlone(batch[0]!);
      else await send(batch);
    } catch (e) {
      if (!(isBadRequest(e) && batch.length > 1)) {
        error = toErrorInfo(writingErrorFor(e));
        break;
      }
      for (const entry of batch) {
        try {
          await sendAlone(entry);
        } catch (alone) {
          if (!isBadRequest(alone)) {
            error = toErrorInfo(writingErrorFor(alone));
            break outer;
          }
          answers.set(entry, null);
        }
      }
    }
  }
  // Sentences whose every piece was answered, in order; a refused piece leaves its sentence unchecked.
  const results: (string | null)[] = [];
  const pieces = new Map<number, Entry[]>();
  for (const batch of plan) {
    for (const entry of batch) pieces.set(entry.sentence, [...(pieces.get(entry.sentence) ?? []), entry]);
  }
  for (let i = 0; i < sentences.length; i++) {
    const own = pieces.get(i) ?? [];
    if (!own.every((e) => answers.has(e))) break;
    const texts = own.map((e) => answers.get(e));
    results.push(texts.some((t) => t == null) ? null : own.map((e, j) => `${texts[j]}${e.after}`).join(''));
  }
  return error ? { results, requests, error } : { results, requests };
}
