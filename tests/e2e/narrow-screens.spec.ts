// Small screens and translated titles (issue 24), in real Chromium: at 360 px the list toolbar keeps its search box
// usable and clear of its buttons, and offline in Arabic a list's "not saved" message is shown whole; on a phone
// in Arabic the timer and Stop stay in view while a word far down the passage is marked; the sitting report's
// title is in the interface's language.
import { expect, test } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import { SAMPLE_USERS, savedOnDevice, serviceWorkerReady, signedIn, switchLanguage } from './support/app'
import { addPassage } from './support/api'
import { ar } from './support/arabic'
import { CapturePage } from './support/capture-page'

test.describe.configure({ mode: 'serial', timeout: 120_000 })

type Box = { x: number; y: number; width: number; height: number }

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox()
  if (!b) throw new Error(`${locator} has no box`)
  return b
}

// 180 words, read right to left: on a phone the passage runs several screens below the palette.
const LONG_ARABIC = Array.from({ length: 20 }, () => 'ذهب سامي إلى السوق واشترى تفاحًا أحمر مع أبيه').join(' ')
const longPassage = `السوق الطويل ${Date.now().toString(36)}`

test.beforeAll(async ({ request }) => {
  await addPassage(request, { title: longPassage, content: LONG_ARABIC, language: 'ar', minutes: 3 })
})

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Whether the element lies wholly inside the page's viewport (nothing of it cut off or scrolled away). */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const b = await box(locator)
  const v = page.viewportSize()!
  return b.x >= 0 && b.y >= 0 && b.x + b.width <= v.width && b.y + b.height <= v.height
}

/** Nothing sticks out of the page's width (in Arabic a page that scrolls sideways cuts off its start). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width)
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })

  test('the list toolbar: the "Search by" select stays clear of Download and the search box is usable; offline in Arabic the "not saved" message is whole', async ({ page, context }) => {
    await signedIn(page, SAMPLE_USERS.institutionAdmin, { path: '/class' })
    const search = page.getByRole('search')
    const select = search.getByLabel('Search by')
    const text = search.getByLabel('Search text')
    const download = page.getByRole('button', { name: 'Download' })
    await expect(download).toBeVisible()
    const [s, t, d] = [await box(select), await box(text), await box(download)]
    expect(overlap(s, d), 'the select covers Download').toBe(false)
    expect(overlap(t, d), 'the search box covers Download').toBe(false)
    expect(overlap(s, t), 'the select covers the search box').toBe(false)
    expect(t.width).toBeGreaterThanOrEqual(150)
    expect(s.x + s.width).toBeLessThanOrEqual(360)

    await switchLanguage(page, 'العربية')
    await serviceWorkerReady(page)
    await savedOnDevice(page)
    await context.setOffline(true)
    await page.goto('/user')
    const message = page.getByRole('alert').filter({ hasText: /تُحفظ/ })
    await expect(message).toBeVisible()
    expect(await inViewport(page, message)).toBe(true)
    await expectNoSidewaysScroll(page)
  })
})

test.describe('on a phone in Arabic', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })

  test('the timer and Stop stay in view while a word far down the passage is marked; the sitting report is titled in Arabic and in English', async ({ page }) => {
    await signedIn(page, SAMPLE_USERS.teacher)
    const english = new CapturePage(page)
    await english.open()
    await switchLanguage(page, 'العربية')
    const capture = new CapturePage(page, true)
    await capture.open()
    await capture.newSitting({ cls: 'Grade 1 A', student: 'هدى سالم', passage: longPassage, audio: false })
    await capture.button('Start reading').click()
    const far = capture.word(150)
    await far.scrollIntoViewIfNeeded()
    await far.tap()
    await expect(far).toHaveAttribute('data-marks', 'substitution')
    expect(await inViewport(page, page.getByRole('timer', { name: ar('Reading time') })), 'the timer scrolled away').toBe(true)
    expect(await inViewport(page, capture.button('Stop')), 'Stop scrolled away').toBe(true)
    await expect(far).toBeInViewport() // and the bar does not hide the word being marked

    await capture.button('Stop').click()
    await capture.button('Read to the end').click()
    await capture.button('Save sitting').click()
    await expect(capture.row('هدى سالم', longPassage)).toContainText(ar('Synced'), { timeout: 30_000 })
    await expectNoSidewaysScroll(page) // with the toast "Sitting saved" showing
    await capture.row('هدى سالم', longPassage).getByRole('button', { name: ar('View the report of {name}').replace('{name}', 'هدى سالم') }).click()
    const title = `${ar('Reports')} · ${ar('Sitting report')}`
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page).toHaveTitle(`${title} · Miscue`)
    await switchLanguage(page, 'English')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports · Sitting report')
    await expect(page).toHaveTitle('Reports · Sitting report · Miscue')
  })
})
