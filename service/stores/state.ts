import type { ServiceOptions } from '../config.ts';
import { AccountStore } from './accounts.ts';
import { ControlStore } from './control.ts';
import { DocumentStore } from './documents.ts';
import { GlossaryStore } from './glossaries.ts';
import { LanguageStore } from './languages.ts';
import { RateLimitStore } from './rate-limits.ts';
import { StyleRuleStore } from './style-rules.ts';
import { TranslationMemoryStore } from './translation-memories.ts';
import { UsageLedger } from './usage.ts';

/** The settings the control API changes at run time (`/__control/config`); a reset restores them. */
type RunTimeConfig = Pick<ServiceOptions, 'latencyMs' | 'rateLimitPerSecond' | 'documentStepMs'>;

/**
 * All state of the local service, in memory (README says so): one store per resource, created per app.
 * `reset()` (`/__control/reset`) brings every store back to its seed.
 */
export class ServiceState {
  /** Clock, replaceable in tests; every store reads it through here. */
  now: () => Date = () => new Date();
  /**
   * Runs `run` in `ms` (a document's steps); answers what cancels it. Replaceable in tests, which then
   * decide when a step happens instead of racing its timer. A pending step does not keep the process alive.
   */
  later: (ms: number, run: () => void) => () => void = (ms, run) => {
    const timer = setTimeout(run, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  };

  readonly accounts: AccountStore;
  readonly usage: UsageLedger;
  readonly languages = new LanguageStore();
  readonly glossaries = new GlossaryStore();
  readonly styleRules: StyleRuleStore;
  readonly memories = new TranslationMemoryStore();
  readonly documents = new DocumentStore();
  readonly rateLimits = new RateLimitStore();
  /** Test mode only: fault rules, request log, held requests. */
  readonly control = new ControlStore();
  private readonly initialConfig: RunTimeConfig;

  constructor(readonly options: ServiceOptions) {
    const clock = () => this.now();
    this.accounts = new AccountStore(options, clock);
    this.usage = new UsageLedger(this.accounts, clock);
    this.styleRules = new StyleRuleStore(clock);
    const { latencyMs, rateLimitPerSecond, documentStepMs } = options;
    this.initialConfig = { latencyMs, rateLimitPerSecond, documentStepMs };
  }

  reset(): void {
    this.accounts.reset();
    this.usage.reset();
    this.languages.reset();
    this.glossaries.reset();
    this.styleRules.reset();
    this.documents.reset();
    this.rateLimits.reset();
    this.control.reset();
    Object.assign(this.options, this.initialConfig);
  }
}
