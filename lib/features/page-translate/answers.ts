import { type InertParser, inertParser } from '../../page/index.ts';

/**
 * Units with the same source get the same answer, parsed once: the parsed answer is only read
 * (lib/page/plan.ts), so the few most recent ones can be shared.
 */
export function sharedParser(keep = 64): InertParser {
  const parse = inertParser();
  const recent = new Map<string, ParentNode>();
  return (html) => {
    let parsed = recent.get(html);
    if (!parsed) {
      parsed = parse(html);
      recent.set(html, parsed);
      if (recent.size > keep) recent.delete(recent.keys().next().value as string);
    }
    return parsed;
  };
}
