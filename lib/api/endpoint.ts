/**
 * The service's addresses: the one place to change them. Paths are the same on both tiers
 * (contract, "Base addresses").
 */
export const PAID_BASE_URL = 'https://api.verso-translate.example';
export const FREE_BASE_URL = 'https://api-free.verso-translate.example';

/**
 * The request header that carries a usage reporting tag (usage by custom tag in the admin analytics).
 * Its name depends on the deployment (the reference API names it after its brand): the one place to
 * change it. A client may also be given another name (`ApiClientOptions.reportingTagHeader`).
 */
export const REPORTING_TAG_HEADER = 'X-Service-Reporting-Tag';

/** Keys ending in `:fx` belong to the free tier (docs/contract.md §D7). */
export function isFreeKey(apiKey: string): boolean {
  return apiKey.trim().endsWith(':fx');
}

/**
 * The base URL requests go to: an explicit server URL (self-hosted gateway, the local service) wins;
 * else the tier's address. No trailing slash, so paths can be appended as they are written in the contract.
 */
export function resolveBaseUrl(apiKey: string, serverUrl?: string): string {
  const explicit = serverUrl?.trim();
  const base = explicit ? explicit : isFreeKey(apiKey) ? FREE_BASE_URL : PAID_BASE_URL;
  return base.replace(/\/+$/, '');
}
