import { type InertParser, inertParser, inertParserMany, isPlainAnswer } from './segments/index.ts';

export interface SharedParser extends InertParser {
  /** Parses these answers together (one parse for many), ahead of the reads that ask for them. */
  prime(htmls: readonly string[]): void;
}

/**
 * Units with the same source get the same answer, parsed once: the parsed answer is only read
 * (segments/plan.ts), so the few most recent ones can be shared. A batch of answers is parsed in one go
 * (`prime`), and kept until the next batch.
 */
export function sharedParser(keep = 64): SharedParser {
  const parse = inertParser();
  const parseMany = inertParserMany();
  const recent = new Map<string, ParentNode>();
  let primed = new Map<string, ParentNode>();
  const shared = ((html: string) => {
    let parsed = primed.get(html) ?? recent.get(html);
    if (!parsed) {
      parsed = parse(html);
      recent.set(html, parsed);
      if (recent.size > keep) recent.delete(recent.keys().next().value as string);
    }
    return parsed;
  }) as SharedParser;
  shared.prime = (htmls) => {
    const wanted = [...new Set(htmls.filter((html) => !isPlainAnswer(html) && !recent.has(html)))];
    const parsed = parseMany(wanted);
    primed = new Map(wanted.map((html, i) => [html, parsed[i]!]));
  };
  return shared;
}
