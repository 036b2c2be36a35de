import type { z } from 'zod';
import type { ServiceOptions } from '../config.ts';
import type { Language, LanguageChange } from '../data/languages.ts';
import type { FaultRule, FaultRuleSchema, LoggedRequest as ServiceLoggedRequest } from '../stores/control.ts';

export type { FaultRule, LanguageChange };

/**
 * A logged request. The extension and the clients under test send JSON or form bodies, which the log
 * keeps as objects (null when there is none); only a body that does not parse is kept as its text, and
 * a test that sends one checks `typeof` first.
 */
export type LoggedRequest = Omit<ServiceLoggedRequest, 'body'> & { body: Record<string, unknown> | null };

/** A fault rule as sent (`count` defaults to 1). */
export type FaultRuleInput = z.input<typeof FaultRuleSchema>;

/** The settings a test may change while the service runs (`/__control/config`). */
export type ControlConfig = Pick<ServiceOptions, 'latencyMs' | 'rateLimitPerSecond' | 'documentStepMs'>;

/** A control request the service refused: its status and the body it answered. */
export class ControlError extends Error {
  override readonly name = 'ControlError';
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`control ${what}: ${status} ${body}`);
  }
}

/**
 * The one client of the local service's test-mode control API (`/__control/*`, docs/local-service.md
 * "Test mode"), for unit tests, end-to-end tests and the benchmark. Each method is one route; a refused
 * request throws a ControlError. `send` is for tests of the control API itself (malformed requests).
 */
export class ServiceControl {
  constructor(readonly url: string) {}

  /** One control request as given (`path` below `/__control/`), answered as is. */
  send(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.url}/__control/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.send(method, path, body);
    const text = await res.text();
    if (!res.ok) throw new ControlError(res.status, text, `${method} ${path}`);
    return JSON.parse(text) as T;
  }

  /** Back to the seed: data, usage, fault rules, held requests, request log, config, languages. */
  async reset(): Promise<void> {
    await this.call('POST', 'reset');
  }

  /** The fault rules still waiting to fire. */
  async faults(): Promise<FaultRule[]> {
    return (await this.call<{ rules: FaultRule[] }>('GET', 'faults')).rules;
  }

  /** Adds rules after the waiting ones; answers all of them. */
  async addFaults(rules: FaultRuleInput[]): Promise<FaultRule[]> {
    return (await this.call<{ rules: FaultRule[] }>('POST', 'faults', { rules })).rules;
  }

  async clearFaults(): Promise<void> {
    await this.call('DELETE', 'faults');
  }

  /** How many requests a `hold` rule keeps waiting now. */
  async held(): Promise<number> {
    return (await this.call<{ held: number }>('GET', 'held')).held;
  }

  /** Lets every held request go on; answers how many there were. */
  async release(): Promise<number> {
    return (await this.call<{ released: number }>('POST', 'release')).released;
  }

  /** The logged /v2 and /v3 requests whose path starts with `pathPrefix`, oldest first. */
  async requests(pathPrefix = ''): Promise<LoggedRequest[]> {
    const query = pathPrefix ? `?path=${encodeURIComponent(pathPrefix)}` : '';
    return (await this.call<{ requests: LoggedRequest[] }>('GET', `requests${query}`)).requests;
  }

  async clearRequests(): Promise<void> {
    await this.call('DELETE', 'requests');
  }

  async config(): Promise<ControlConfig> {
    return this.call<ControlConfig>('GET', 'config');
  }

  /** Changes latency, rate limit or document timing until the next reset; answers the whole config. */
  async setConfig(patch: Partial<ControlConfig>): Promise<ControlConfig> {
    return this.call<ControlConfig>('PATCH', 'config', patch);
  }

  /** Adds a language to a resource's list, or a feature to a language in it; answers the language. */
  async changeLanguage(change: LanguageChange): Promise<Language> {
    return this.call<Language>('POST', 'languages', change);
  }
}
