import { type BrowserContext, expect } from '@playwright/test';
import type { LoggedRequest } from '../../../service/testing/control.ts';
import type { TestService } from '../fixtures.ts';

// What the local service counted and billed, and its limits, read and set over its API.

/** Every text sent to /v2/translate so far, with its request. */
export async function sentTexts(svc: TestService): Promise<{ text: string; request: LoggedRequest }[]> {
  const requests = await svc.requests('/v2/translate');
  return requests.flatMap((request) => {
    const texts = (request.body?.text ?? []) as string[];
    return texts.map((text) => ({ text, request }));
  });
}

/** Every text sent to /v2/translate so far, the texts alone. */
export const sentStrings = async (svc: TestService): Promise<string[]> => (await sentTexts(svc)).map((s) => s.text);

/** The texts sent to /v2/translate so far and their characters: what the service billed. */
export async function billed(svc: { requests(p: string): Promise<Array<{ body: Record<string, unknown> | null }>> }) {
  const texts = (await svc.requests('/v2/translate')).flatMap((r) => (r.body?.text ?? []) as string[]);
  return { texts, chars: texts.reduce((n, text) => n + text.length, 0) };
}

/** Characters used this period, as the service counts them. */
export async function charactersUsed(svc: TestService): Promise<number> {
  const res = await svc.api('GET', '/v2/usage', svc.paidKey);
  return ((await res.json()) as { character_count: number }).character_count;
}

/** Sets the character limit of the key Verso is configured with (`null`: no limit), as an admin does. */
export async function limitPaidKey(svc: TestService, characters: number | null) {
  const keys = (await (await svc.api('GET', '/v2/admin/developer-keys', svc.adminKey)).json()) as Array<{
    key_id: string;
    label: string;
  }>;
  const paid = keys.find((k) => k.label === 'Verso default key');
  const res = await svc.api('PUT', '/v2/admin/developer-keys/limits', svc.adminKey, {
    key_id: paid?.key_id,
    characters,
  });
  expect(res.status).toBe(200);
}

/** Connects Verso in a browser the test launched itself (a fresh profile) to the test's service. */
export async function connectTo(context: BrowserContext, svc: TestService): Promise<void> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate((credentials) => chrome.storage.local.set({ credentials }), {
    apiKey: svc.paidKey,
    serverUrl: svc.url,
    adminKey: '',
  });
}
