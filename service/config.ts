/** Options of the local service. Every field can come from the environment (see README). */
export interface ServiceOptions {
  host: string;
  port: number;
  /** Enables the `/__control/*` endpoints (fault injection, request log, reset). Off by default. */
  testMode: boolean;
  paidKey: string;
  freeKey: string;
  adminKey: string;
  /** Requests per second allowed per key; 0 disables the limit. Excess gets 429 with Retry-After. */
  rateLimitPerSecond: number;
  /** Simulated latency added to every API request, in milliseconds. */
  latencyMs: number;
  /** How long a document stays in each of queued and translating, in milliseconds. */
  documentStepMs: number;
  /** Account-wide character limit (cost control) of the paid and the free account. */
  paidCharacterLimit: number;
  freeCharacterLimit: number;
}

export const DEFAULT_PORT = 8787;

export const DEFAULT_KEYS = {
  paid: '00000000-0000-4000-8000-00000000a001',
  free: '00000000-0000-4000-8000-00000000f001:fx',
  admin: '00000000-0000-4000-8000-0000000ad001',
} as const;

function num(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`Expected a non-negative number, got "${value}"`);
  return n;
}

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceOptions {
  return {
    host: env.HOST || '127.0.0.1',
    port: num(env.PORT, DEFAULT_PORT),
    testMode: env.VERSO_TEST_MODE === '1' || env.VERSO_TEST_MODE === 'true',
    paidKey: env.VERSO_PAID_KEY || DEFAULT_KEYS.paid,
    freeKey: env.VERSO_FREE_KEY || DEFAULT_KEYS.free,
    adminKey: env.VERSO_ADMIN_KEY || DEFAULT_KEYS.admin,
    rateLimitPerSecond: num(env.VERSO_RATE_LIMIT, 0),
    latencyMs: num(env.VERSO_LATENCY_MS, 0),
    documentStepMs: num(env.VERSO_DOC_STEP_MS, 400),
    paidCharacterLimit: num(env.VERSO_PAID_CHAR_LIMIT, 1_000_000_000),
    freeCharacterLimit: num(env.VERSO_FREE_CHAR_LIMIT, 500_000),
  };
}

export function testOptions(overrides: Partial<ServiceOptions> = {}): ServiceOptions {
  return {
    ...optionsFromEnv({}),
    port: 0,
    testMode: true,
    documentStepMs: 50,
    ...overrides,
  };
}
