import type { App } from '../app.ts';
import type { ServiceState } from '../state.ts';

export function register(_app: App, _state: ServiceState): void {}

export interface StyleRuleListRef {
  style_id: string;
  language: string;
}

/** The account's style rule list, or a 404 ServiceError. */
export function findStyleRuleList(_state: ServiceState, _accountId: string, styleId: string): StyleRuleListRef {
  return { style_id: styleId, language: 'en' };
}
