import { t as uiText } from '../../ui/i18n.ts';

/** The release statuses the service gives a language or a feature (docs/contract.md §2.4). */
export const KNOWN_STATUSES = ['stable', 'beta', 'early_access'] as const;
export type KnownStatus = (typeof KNOWN_STATUSES)[number];

/** A status in words: `known` is false for a value the contract does not name, shown as the service gave it. */
export interface StatusLabel {
  text: string;
  known: boolean;
  /** The service's value, as it came. */
  raw: string;
}

/** Looks up a UI text (t, or a catalogue in tests). */
export type Message = (key: string, fallback: string) => string;

/** The service's status of a language or feature in the UI language ("stable" is "Stabil" in German). */
export function statusLabel(raw: string, t: Message = uiText): StatusLabel {
  switch (raw) {
    case 'stable':
      return { text: t('lngStatusStable', 'Stable'), known: true, raw };
    case 'beta':
      return { text: t('lngStatusBeta', 'Beta'), known: true, raw };
    case 'early_access':
      return { text: t('lngStatusEarlyAccess', 'Early access'), known: true, raw };
    default:
      return { text: raw, known: false, raw };
  }
}

/** A class name for a status cell: the known status, or `unknown` (a service value never becomes a class). */
export function statusClass(raw: string): string {
  return (KNOWN_STATUSES as readonly string[]).includes(raw) ? raw : 'unknown';
}
