// Accessibility check for any screen a browser test visits: axe-core (WCAG 2.x A and AA rules and
// best practices) with no serious or critical violation allowed. Call it after the screen has loaded.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export type AxeFinding = { screen: string; rule: string; impact: string; targets: string[] }

/** The serious and critical violations on the current page (empty when it passes). */
export async function seriousViolations(page: Page, screen: string): Promise<AxeFinding[]> {
  const result = await new AxeBuilder({ page }).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ screen, rule: v.id, impact: v.impact!, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))
}

/** Fails the test with every serious or critical violation of the current page listed. */
export async function expectAccessible(page: Page, screen: string) {
  expect(await seriousViolations(page, screen), `axe on ${screen}`).toEqual([])
}
