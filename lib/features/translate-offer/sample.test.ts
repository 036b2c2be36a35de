// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { textSample } from './sample.ts';

describe('textSample', () => {
  it('reads the prose of a page, not its scripts, styles or code, up to a length', () => {
    document.body.innerHTML =
      '<h1>Titel</h1><script>var x = 1;</script><style>p{}</style><p>Erster   Absatz.</p><pre>code()</pre><p>Zweiter.</p>';
    expect(textSample(document.body)).toBe('Titel Erster Absatz. Zweiter.');
    expect(textSample(document.body, 12)).toBe('Titel Erster');
    expect(textSample(null)).toBe('');
  });
});
