import type { Hono } from 'hono';
import type { Account, AdminKey, ApiKey } from '../stores/accounts.ts';
import type { ServiceState } from '../stores/state.ts';

/** What a request carries through the middleware to its route (set by app.ts and http/auth.ts). */
export interface AppEnv {
  Variables: {
    state: ServiceState;
    account: Account;
    key: ApiKey;
    admin: AdminKey;
    reportingTag: string;
  };
}

export type App = Hono<AppEnv>;

/** A route module: registers its routes; what it keeps lives in the stores of `state`. */
export interface RouteModule {
  register(app: App, state: ServiceState): void;
}
