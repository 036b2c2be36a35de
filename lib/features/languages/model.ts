import { computed, signal } from '@preact/signals';
import type { Language } from '../../api/index.ts';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import type { Clock } from '../../ui/clock.ts';
import { featureColumns, type LanguageResourceName, sortedLanguages } from './table.ts';

export interface LanguagesDeps {
  send: Send;
  clock: Clock;
}

/** The options section "Languages": one resource's languages and their features. */
export class LanguagesModel {
  readonly resource = signal<LanguageResourceName>('translate_text');
  readonly includeBeta = signal(false);
  readonly languages = signal<Language[]>([]);
  readonly loading = signal(false);
  readonly error = signal<ErrorInfo | undefined>(undefined);
  readonly loadedAt = signal<number | undefined>(undefined);
  readonly sorted = computed(() => sortedLanguages(this.languages.value));
  /** One column per feature the service reports, so a new one shows up without a change here. */
  readonly columns = computed(() => featureColumns(this.sorted.value));

  private request = 0;

  constructor(private readonly deps: LanguagesDeps) {}

  /** `refresh` bypasses the one-hour cache of the background. */
  async load({ refresh = false }: { refresh?: boolean } = {}): Promise<void> {
    const mine = ++this.request;
    this.loading.value = true;
    const result = await this.deps.send('languages.get', {
      resource: this.resource.value,
      includeBeta: this.includeBeta.value,
      refresh,
    });
    // A newer choice (another resource, the beta switch) was made meanwhile: its answer wins.
    if (mine !== this.request) return;
    this.loading.value = false;
    if (!result.ok) {
      this.error.value = result.error;
      return;
    }
    this.error.value = undefined;
    this.languages.value = result.value;
    this.loadedAt.value = this.deps.clock.now();
  }

  chooseResource(resource: LanguageResourceName): Promise<void> {
    this.resource.value = resource;
    return this.load();
  }

  toggleBeta(): Promise<void> {
    this.includeBeta.value = !this.includeBeta.value;
    return this.load();
  }

  /** Answers still on their way are dropped. */
  dispose(): void {
    this.request++;
  }
}
