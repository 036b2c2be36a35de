import { storage } from 'wxt/utils/storage';

export interface HistorySettings {
  /** Keep a history of translations (on unless the person turns it off). */
  enabled: boolean;
}

export const historySettingsItem = storage.defineItem<HistorySettings>('local:historySettings', {
  fallback: { enabled: true },
});
