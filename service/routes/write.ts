import type { App } from '../app.ts';
import type { ServiceState } from '../state.ts';

export function register(_app: App, _state: ServiceState): void {}
