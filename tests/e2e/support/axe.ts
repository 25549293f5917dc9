// Accessibility check for any screen a browser test visits: axe-core (WCAG 2.x A and AA rules and
// best practices) with no serious or critical violation allowed. Call it after the screen has loaded.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'
import type { AxeResults } from 'axe-core'

// axe-core's script read from its file and injected as is: Playwright's test loader would otherwise hand
// the page a transformed copy of the module (with import statements) that the page cannot run.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export type AxeFinding = { screen: string; rule: string; impact: string; targets: string[] }

type AxeWindow = { axe: { configure(spec: object): void; run(context: object, options: object): Promise<AxeResults> } }

/**
 * axe in each frame of the page's document, configured for same-origin frames. Once per document, which the app's
 * own navigations keep: sending and running axe's 550 kB source again for each check costs some 90 ms a screen.
 */
async function injectAxe(page: Page) {
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => 'axe' in window)) continue
    await frame.evaluate(axeSource)
    await frame.evaluate(() => (window as unknown as AxeWindow).axe.configure({ allowedOrigins: ['<same_origin>'] }))
  }
}

/**
 * The serious and critical violations on the current page (empty when it passes). axe runs whole in the page
 * (`axe.run`): the app has no frames of other origins, which axe's partial runs in each frame are for (they open
 * a blank tab per check to merge the frames' results, some seconds per screen on a busy machine).
 */
export async function seriousViolations(page: Page, screen: string): Promise<AxeFinding[]> {
  // A colour still fading (a button just hovered or enabled) is measured mid-way: wait for it to settle.
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'))
  await injectAxe(page)
  // The whole document (an empty include is the document).
  const result = await page.evaluate(() => (window as unknown as AxeWindow).axe.run({ include: [], exclude: [] }, {}))
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ screen, rule: v.id, impact: v.impact!, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))
}

/** Fails the test with every serious or critical violation of the current page listed. */
export async function expectAccessible(page: Page, screen: string) {
  expect(await seriousViolations(page, screen), `axe on ${screen}`).toEqual([])
}
