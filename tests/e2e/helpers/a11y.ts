import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Serious and critical violations (inside `include`, or of the whole page), each as "rule: target (what
 * is wrong)" so a failure names the element. `morePassesThan`: how many of axe's checks must have passed,
 * as proof that axe really looked (an empty result from a failed injection would pass silently).
 */
export async function seriousViolations(
  page: Page,
  { include, morePassesThan = 3 }: { include?: string; morePassesThan?: number } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    // Label in name (WCAG 2.5.3): axe's rule is experimental, so off unless asked for.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const { violations, passes } = await (include ? builder.include(include) : builder).analyze();
  expect(passes.length).toBeGreaterThan(morePassesThan);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim() ?? ''})`),
    );
}
