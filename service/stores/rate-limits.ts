export interface Bucket {
  tokens: number;
  at: number;
}

/** Token buckets by API key secret, shared by the /v2 and /v3 rate-limit middleware; emptied on reset. */
export class RateLimitStore {
  readonly buckets = new Map<string, Bucket>();

  reset(): void {
    this.buckets.clear();
  }
}
