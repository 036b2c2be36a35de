import { z } from 'zod';

/** A fault rule of the test-mode control API (docs/local-service.md "Test mode"). */
export const FaultRuleSchema = z.strictObject({
  /** Path prefix; default: any /v2 or /v3 path. */
  path: z.string().startsWith('/').optional(),
  method: z.string().min(1).optional(),
  /** How many matching requests the rule fires for. */
  count: z.number().int().positive().default(1),
  status: z.number().int().min(200).max(599).optional(),
  /** Seconds, sent as Retry-After with `status`. */
  retryAfter: z.number().int().nonnegative().optional(),
  /** Raw response body sent with `status`. */
  body: z.string().optional(),
  delayMs: z.number().nonnegative().optional(),
  /** Waits until `POST /__control/release` (or until the client gives up), then goes on as the rule says. */
  hold: z.boolean().optional(),
  hang: z.boolean().optional(),
  inject: z.string().optional(),
  documentError: z.string().optional(),
  /** The file name the next matching document result is sent under (Content-Disposition), as is. */
  resultName: z.string().optional(),
});
export type FaultRule = z.infer<typeof FaultRuleSchema>;

export interface LoggedRequest {
  id: number;
  at: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  /** Parsed JSON or form object; the raw text when it does not parse; null for multipart or no body. */
  body: unknown;
  /** Final status code; null while the request is still in flight. */
  status: number | null;
  durationMs: number | null;
}

/** The test-mode control API's fault rules, request log and held requests; emptied on reset. */
export class ControlStore {
  rules: FaultRule[] = [];
  log: LoggedRequest[] = [];
  nextId = 1;
  /** Requests a `hold` rule keeps waiting: calling one lets its request go on. */
  readonly held = new Set<() => void>();

  reset(): void {
    this.rules = [];
    this.log = [];
    this.releaseHeld();
  }

  /** Lets every held request go on; answers how many there were. */
  releaseHeld(): number {
    const waiting = [...this.held];
    this.held.clear();
    for (const release of waiting) release();
    return waiting.length;
  }

  /** Takes one firing of the first matching rule, removing it when its count is used up. */
  takeRule(path: string, method: string, wanted: (rule: FaultRule) => boolean): FaultRule | undefined {
    const index = this.rules.findIndex((r) => wanted(r) && ruleMatches(r, path, method));
    const rule = this.rules[index];
    if (!rule) return undefined;
    rule.count -= 1;
    if (rule.count <= 0) this.rules.splice(index, 1);
    return rule;
  }

  /** Markup that the next matching translate request must prepend to every text (fault `inject`). */
  takeInjection(path: string, method = 'POST'): string | undefined {
    return this.takeRule(path, method, (r) => r.inject !== undefined)?.inject;
  }

  /** The error message the next uploaded document must end with (fault `documentError`). */
  takeDocumentError(path = '/v2/document', method = 'POST'): string | undefined {
    return this.takeRule(path, method, (r) => r.documentError !== undefined)?.documentError;
  }

  /** The file name the next document result download matching the rule is sent under (fault `resultName`). */
  takeResultName(path: string, method = 'POST'): string | undefined {
    return this.takeRule(path, method, (r) => r.resultName !== undefined)?.resultName;
  }
}

/** Rules with `inject`, `documentError` or `resultName` change what a route produces, not how it answers. */
export function isPayloadRule(rule: FaultRule): boolean {
  return rule.inject !== undefined || rule.documentError !== undefined || rule.resultName !== undefined;
}

export function ruleMatches(rule: FaultRule, path: string, method: string): boolean {
  if (rule.path !== undefined && !path.startsWith(rule.path)) return false;
  return rule.method === undefined || rule.method.toUpperCase() === method.toUpperCase();
}
