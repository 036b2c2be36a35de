import type { z } from 'zod';
import type { FaultRuleSchema, LoggedRequest as ServiceLoggedRequest } from '../../service/http/control-store.ts';
import type { RunningService } from '../../service/testing.ts';

/** A logged request; tests read JSON and form bodies as objects. */
export type LoggedRequest = Omit<ServiceLoggedRequest, 'body'> & { body: Record<string, unknown> | null };

/** A fault rule as the control API takes it (`count` defaults to 1). */
export type FaultRule = z.input<typeof FaultRuleSchema>;

/** The test side of the local service's `/__control` API (docs/local-service.md). */
export class ServiceControl {
  constructor(readonly service: RunningService) {}

  get url() {
    return this.service.url;
  }
  get paidKey() {
    return this.service.options.paidKey;
  }
  get freeKey() {
    return this.service.options.freeKey;
  }
  get adminKey() {
    return this.service.options.adminKey;
  }

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.url}/__control/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return text ? JSON.parse(text) : null;
  }

  reset() {
    return this.call('POST', 'reset');
  }
  faults(rules: FaultRule[]) {
    return this.call('POST', 'faults', { rules });
  }
  clearFaults() {
    return this.call('DELETE', 'faults');
  }
  /** How many requests a `hold` rule keeps waiting now. */
  async held(): Promise<number> {
    return ((await this.call('GET', 'held')) as { held: number }).held;
  }
  /** Lets every held request go on; resolves to how many there were. */
  async release(): Promise<number> {
    return ((await this.call('POST', 'release')) as { released: number }).released;
  }
  async requests(path = ''): Promise<LoggedRequest[]> {
    const out = (await this.call('GET', `requests?path=${encodeURIComponent(path)}`)) as { requests: LoggedRequest[] };
    return out.requests;
  }
  clearRequests() {
    return this.call('DELETE', 'requests');
  }
  config(patch: { latencyMs?: number; rateLimitPerSecond?: number; documentStepMs?: number }) {
    return this.call('PATCH', 'config', patch);
  }
  addLanguage(body: { resource: string; lang: string; name?: string; feature?: string; status?: string }) {
    return this.call('POST', 'languages', body);
  }

  /** A direct API call with a key, for checks that bypass the extension. */
  async api(method: string, path: string, key: string, body?: unknown): Promise<Response> {
    return fetch(`${this.url}${path}`, {
      method,
      headers: {
        Authorization: `Service-Auth-Key ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
}
