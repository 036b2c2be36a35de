import { jsonStringBytes, measureTranslateBody, type TranslateOptions } from '../../../api/index.ts';
import { canonicalJson } from '../../../db/hash.ts';
import type { Packable } from './pack.ts';
import { type Part, splitOversize } from './split.ts';
import type { Priority, QueueError, QueueLimits, SendResult } from './types.ts';

export const RANK: Record<Priority, number> = { interactive: 0, visible: 1, background: 2 };

/** One text to translate with one set of parameters, shared by every segment that asked for it. */
export interface Job {
  /** Dedupe key: identical text and parameters are one job. */
  key: string;
  text: string;
  params: TranslateOptions;
  group: string;
  rank: number;
  seq: number;
  /** Segment requests waiting for this job, by store id (`tabId:segmentId`), in arrival order. */
  requesters: Map<string, { tabId: number; id: string }>;
  /** Set when the segment had to be split; only its translated parts are units. */
  parts?: Part[];
  results: (SendResult | undefined)[];
  remaining: number;
  /** Finished, failed or cancelled: results that still arrive only go to the cache. */
  closed: boolean;
  /** While a request carrying it is out: when it went (its requesters' rows say so too). */
  sentAt?: number;
}

/** What is packed into requests: a whole job, or one part of a split one. */
export interface Unit extends Packable {
  job: Job;
  index: number;
  text: string;
  rateLimited: number;
  /** Counted by the spending guard (QueueOptions.admit): a resend after a 429 is not counted again. */
  admitted?: boolean;
  /** Gives its characters back to the guard, while no request carrying it may have been billed. */
  refund?: (chars: number) => void;
}

/** Language codes are case-insensitive: one spelling makes identical requests group and dedupe. */
export function normalizeParams(params: TranslateOptions): TranslateOptions {
  const out: TranslateOptions = { ...params, target_lang: params.target_lang.toUpperCase() };
  if (params.source_lang !== undefined) out.source_lang = params.source_lang.toUpperCase();
  for (const key of Object.keys(out) as (keyof TranslateOptions)[]) if (out[key] === undefined) delete out[key];
  return out;
}

export const groupKey = (params: TranslateOptions): string => canonicalJson(params);
export const jobKey = (group: string, text: string): string => `${group}\n${text}`;

/** Builds jobs and their units, splitting texts that cannot fit one request. */
export class JobFactory {
  private readonly budgets = new Map<string, number>();

  constructor(private readonly limits: QueueLimits) {}

  /** Bytes left for texts (and their commas) in a request of this group. */
  budget(group: string, params?: TranslateOptions): number {
    let budget = this.budgets.get(group);
    if (budget === undefined && params) {
      budget = this.limits.maxBodyBytes - this.limits.reserveBytes - measureTranslateBody({ ...params, text: [] });
      if (this.budgets.size > 1000) this.budgets.clear();
      this.budgets.set(group, budget);
    }
    return budget ?? 0;
  }

  create(
    fields: Pick<Job, 'key' | 'text' | 'params' | 'group' | 'rank' | 'seq'>,
  ): { job: Job; units: Unit[] } | QueueError {
    const budget = this.budget(fields.group, fields.params);
    // Room for at least a short sentence next to the parameters (a huge `context` can leave none).
    if (budget < 64) return { code: 'too_large', message: 'The request parameters alone fill the request body' };
    const job: Job = { ...fields, requesters: new Map(), results: [], remaining: 0, closed: false };
    const bytes = jsonStringBytes(fields.text);
    if (bytes > budget) job.parts = splitOversize(fields.text, budget, fields.params.tag_handling);
    const texts = job.parts ? job.parts.filter((p) => p.translate).map((p) => p.text) : [fields.text];
    const units = texts.map((text, index) => ({
      job,
      index,
      text,
      group: fields.group,
      bytes: job.parts ? jsonStringBytes(text) : bytes,
      rateLimited: 0,
    }));
    job.remaining = units.length;
    return { job, units };
  }
}
