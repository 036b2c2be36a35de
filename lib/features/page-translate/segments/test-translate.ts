/**
 * Stand-ins for the service in unit tests: they transform the serialised HTML the way a real
 * translation would (text changes, tags stay), so tests do not depend on the local service.
 */
import type { Unit } from './types.ts';

/** Upper-cases the text between tags; tags and character references are kept as they are. */
export const upper = (html: string): string =>
  html.replace(/(<[^>]*>)|([^<]+)/g, (_m, tag: string | undefined, text: string | undefined) =>
    tag !== undefined
      ? tag
      : (text ?? '').replace(/&[#a-z0-9]+;|[^&]+/gi, (p) => (p.startsWith('&') ? p : p.toUpperCase())),
  );

/** Every unit with its "translation". */
export const translateWith = (units: readonly Unit[], translate: (html: string) => string = upper) =>
  units.map((unit) => [unit, translate(unit.source)] as const);
