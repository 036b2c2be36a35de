import type { Formality, Language } from '../api/index.ts';
import { hasFeature } from './lookup.ts';

/**
 * The formality to send: none for `default`; the chosen value where the target supports it; else its
 * `prefer_` form, which the service turns into the default instead of failing (docs/contract.md §4.1 rule 6).
 */
export function formalityFor(
  formality: Formality,
  target: string,
  languages: readonly Language[],
): Formality | undefined {
  if (formality === 'default') return undefined;
  if (hasFeature(target, languages, 'formality')) return formality;
  return formality === 'more' ? 'prefer_more' : formality === 'less' ? 'prefer_less' : formality;
}
