import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A helper copied into a second spec is a helper to move: what several specs use lives once in
// tests/e2e/helpers/. This finds a top-level function or constant that two specs define alike.

const E2E = path.resolve(import.meta.dirname, '../e2e');
const SPECS = readdirSync(E2E).filter((f) => f.endsWith('.spec.ts'));

/** The top-level functions and arrow constants of a file, each as its text with spaces collapsed. */
function topLevelHelpers(src: string): { name: string; text: string }[] {
  const lines = src.split('\n');
  const found: { name: string; text: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(?:async\s+)?function\s+(\w+)|^const\s+(\w+)\s*=\s*(?:async\s*)?(?:<[^>]*>)?\(/.exec(lines[i] ?? '');
    if (!m) continue;
    let depth = 0;
    let end = i;
    for (let k = i; k < lines.length; k++) {
      const code = (lines[k] ?? '').replace(/'[^']*'|`[^`]*`|"[^"]*"/g, '');
      depth += (code.match(/[{([]/g)?.length ?? 0) - (code.match(/[})\]]/g)?.length ?? 0);
      end = k;
      if (depth <= 0 && /[;}]\s*$/.test(lines[k] ?? '')) break;
    }
    const text = lines.slice(i, end + 1).join(' ');
    found.push({ name: (m[1] ?? m[2]) as string, text: text.replace(/\s+/g, ' ') });
    i = end;
  }
  return found;
}

describe('end-to-end helpers', () => {
  it('no spec defines a helper another spec defines alike (it belongs in tests/e2e/helpers/)', () => {
    const seen = new Map<string, string>();
    const copies: string[] = [];
    for (const spec of SPECS) {
      for (const { name, text } of topLevelHelpers(readFileSync(path.join(E2E, spec), 'utf8'))) {
        const first = seen.get(text);
        if (first && first !== spec) copies.push(`${name}: ${first} and ${spec}`);
        else seen.set(text, spec);
      }
    }
    expect(copies).toEqual([]);
  });
});
