// Accessibility check for any screen a browser test visits: axe-core (WCAG 2.x A and AA rules and
// best practices) with no serious or critical violation allowed. Call it after the screen has loaded.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

// axe-core's script read from its file and injected as is: Playwright's test loader would otherwise hand
// the page a transformed copy of the module (with import statements) that the page cannot run.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export type AxeFinding = { screen: string; rule: string; impact: string; targets: string[] }

/**
 * The serious and critical violations on the current page (empty when it passes). axe runs whole in the page
 * (`axe.run`, "legacy mode"): the app has no frames of other origins, which is what the default mode is for,
 * and the default opens a blank tab per check to merge the frames' results (a tab, axe injected into it, the
 * results copied over), some seconds per screen on a busy machine for the same findings.
 */
export async function seriousViolations(page: Page, screen: string): Promise<AxeFinding[]> {
  // A colour still fading (a button just hovered or enabled) is measured mid-way: wait for it to settle.
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'))
  const result = await new AxeBuilder({ page, axeSource }).setLegacyMode().analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ screen, rule: v.id, impact: v.impact!, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))
}

/** Fails the test with every serious or critical violation of the current page listed. */
export async function expectAccessible(page: Page, screen: string) {
  expect(await seriousViolations(page, screen), `axe on ${screen}`).toEqual([])
}
