import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { lenient } from './items.ts';
import { restrictStorageToVerso } from './storage-access.ts';

// Credentials live apart from the other settings so that nothing a content script imports can pull the
// key's storage item or schema into its bundle (tests/e2e/bundle.spec.ts checks the built file).

/** Where Verso's secrets live. Only the background reads this item (content scripts never do). */
export const Credentials = z.object({
  apiKey: z.string().trim().default(''),
  /** Empty: the contract's paid or free address, chosen by the key's `:fx` suffix. */
  serverUrl: z
    .string()
    .trim()
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Server URL must start with http:// or https://')
    .default(''),
  /** Organisation admin key, for the admin console. Optional. */
  adminKey: z.string().trim().default(''),
});
export type Credentials = z.infer<typeof Credentials>;

export const credentialsItem = storage.defineItem<Credentials>('local:credentials', {
  fallback: Credentials.parse({}),
  version: 1,
});

export async function getCredentials(): Promise<Credentials> {
  return lenient(Credentials, await credentialsItem.getValue());
}

/** Saves credentials; the key is written only once storage.local is closed to content scripts. */
export async function updateCredentials(patch: Partial<Credentials>): Promise<Credentials> {
  await restrictStorageToVerso();
  const next = Credentials.parse({ ...(await getCredentials()), ...patch });
  await credentialsItem.setValue(next);
  return next;
}
