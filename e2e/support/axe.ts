import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// @axe-core/playwright is typed against its own, newer playwright-core; the page API it uses is the same.
type AxePage = ConstructorParameters<typeof AxeBuilder>[0]['page'];

/** No WCAG 2.0/2.1 A or AA violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page: page as unknown as AxePage })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Legacy mode runs axe in the page itself. The default also opens a blank page for each scan to merge
    // frame results, which costs about a second per scan. The app has no frames, so the findings are the same.
    .setLegacyMode(true)
    .analyze();
  const summary = violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(summary, `axe violations on ${label} at ${new URL(page.url()).pathname}`).toEqual([]);
}
