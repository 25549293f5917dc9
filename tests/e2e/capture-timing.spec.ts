// Timing that stays valid on a tablet (issue 25, ADR 0120), in real Chromium on a tablet viewport, in English and
// Arabic: a timed DIBELS-style passage (the institution scores English with DIBELS 8 and Arabic with EGRA Arabic
// for this spec) is captured with the page hidden and shown again (the clock ran on, and the sitting report says
// where the page was hidden), the one-minute bracket touched, a word told after the hesitation cue, and WCPM from
// the bracket; axe with no serious or critical violation on the capture screen and the report.
// Time is Playwright's clock, moved forward: a minute passes in no time.
import { expect, test } from '@playwright/test'
import type { APIRequestContext, Page } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { expectAccessible } from './support/axe'
import { signedIn, SAMPLE_USERS, switchLanguage, ONLINE_ONLY } from './support/app'
import { addPassage, call, login, SAMPLE_HOST } from './support/api'
import { ar } from './support/arabic'
import { CapturePage } from './support/capture-page'

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({ ...ONLINE_ONLY, viewport: { width: 820, height: 1180 }, hasTouch: true })

// Three lines of six words; three minutes allowed, so the child reads on after the bracket.
const ENGLISH = 'The cat sat on the mat.\nThe dog ran to the park.\nA bird sang in the tree.'
const ARABIC = 'ذهب الولد إلى المدرسة في الصباح.\nجلس في الصف وقرأ الكتاب الجديد.\nثم رجع إلى البيت مع أخيه.'
const run = Date.now().toString(36)
const passage = `Timed lines ${run}`
const arabicPassage = `سطور مؤقتة ${run}`
let selectedBefore: { ar: number; en: number }

type Settings = { profiles: { id: number; code: string | null }[]; selected: { ar: number; en: number } }

async function adminToken(request: APIRequestContext) {
  return login(request, SAMPLE_HOST, SAMPLE_USERS.institutionAdmin, E2E.samplePassword)
}

test.beforeAll(async ({ request }) => {
  await addPassage(request, { title: passage, content: ENGLISH, language: 'en', minutes: 3 })
  await addPassage(request, { title: arabicPassage, content: ARABIC, language: 'ar', minutes: 3 })
  const admin = await adminToken(request)
  const settings = await call<Settings>(request, SAMPLE_HOST, 'GET', '/api/scoring-profile/', admin)
  selectedBefore = settings.selected
  const id = (code: string) => settings.profiles.find((p) => p.code === code)!.id
  await call(request, SAMPLE_HOST, 'PUT', '/api/scoring-profile/selection/', admin, { en: id('dibels-8'), ar: id('egra-arabic') })
})

test.afterAll(async ({ request }) => {
  await call(request, SAMPLE_HOST, 'PUT', '/api/scoring-profile/selection/', await adminToken(request), selectedBefore)
})

/** The page hidden (a tablet asleep) for `seconds` of the clock, then shown again. */
async function sleepFor(page: Page, seconds: number) {
  const show = (state: 'hidden' | 'visible') => page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { value: s, configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  }, state)
  await show('hidden')
  await page.clock.fastForward(seconds * 1000)
  await show('visible')
}

async function captureTimed(page: Page, capture: CapturePage, o: { student: string; title: string; cls: string; arabic: boolean }) {
  const say = (english: string) => (o.arabic ? ar(english) : english)
  await capture.open()
  await capture.newSitting({ cls: o.cls, student: o.student, passage: o.title, audio: false })
  await capture.button('Start reading').click()
  await capture.word(1).tap() // substitution, the default pen
  await sleepFor(page, 20)
  // The clock ran on while the page was hidden.
  await expect(page.getByTestId('clock')).toHaveText(/^0:2\d/)

  await page.clock.fastForward(45_000)
  await expect(page.getByTestId('bracket-due')).toBeVisible()
  await expect(page.getByRole('radio', { name: say('Word reached at one minute') })).toBeChecked()
  await capture.word(8).tap()
  await expect(page.getByTestId('bracket')).toBeVisible()
  await expect(page.getByTestId('bracket-due')).toHaveCount(0)

  await page.getByTestId('hesitation-cue').click()
  await page.clock.fastForward(4_000)
  await expect(page.getByRole('alert').filter({ hasText: say('3 seconds: tell the word, then touch it') })).toBeVisible()
  await capture.word(10).tap()
  await expect(capture.word(10)).toHaveAttribute('data-marks', 'told')
  await expectAccessible(page, `capture with the bracket and the cue (${o.title})`)

  await capture.button('Stop').click()
  await capture.word(17).tap() // the last word read
  // 18 read, 2 errors: 89 %; WCPM from the 9 words to the bracket with 1 error: 8.
  await expect(capture.figure('accuracy')).toHaveText('89%')
  await expect(capture.figure('wcpm')).toHaveText('8')
  await capture.button('Save sitting').click()
  await expect(page).toHaveURL(/\/capture$/)
  const row = capture.row(o.student, o.title)
  await expect(row).toContainText(say('Synced'), { timeout: 30_000 })
  await row.getByRole('button', { name: say('View the report of {name}').replace('{name}', o.student) }).click()
}

test('English: the clock runs on while the page is hidden, WCPM from the one-minute bracket, a told word after the hesitation cue', async ({ page }) => {
  await page.clock.install()
  const capture = new CapturePage(page)
  await signedIn(page, SAMPLE_USERS.teacher)
  await captureTimed(page, capture, { student: 'Sara Ahmed', title: passage, cls: 'Grade 1 A', arabic: false })
  const timing = page.getByTestId('reading-timing')
  await expect(timing).toContainText(/the page was hidden for 2\d seconds: the clock kept running and the recording has a gap there\./)
  await expect(timing).toContainText('up to word 9, the word reached at one minute')
  await expectAccessible(page, 'sitting report with timing (en)')
})

test('Arabic: the same, right to left, said in Arabic', async ({ page }) => {
  await page.clock.install()
  await signedIn(page, SAMPLE_USERS.teacher, { path: '/capture' })
  await switchLanguage(page, 'العربية')
  const capture = new CapturePage(page, true)
  await captureTimed(page, capture, { student: 'سارة أحمد', title: arabicPassage, cls: 'Grade 1 A', arabic: true })
  const timing = page.getByTestId('reading-timing')
  await expect(timing).toContainText(/كانت الصفحة مخفية مدة \d+ ثانية: استمر الوقت في الجريان وفي التسجيل فجوة هناك\./)
  await expect(timing).toContainText('حتى الكلمة 9')
  await expectAccessible(page, 'sitting report with timing (ar)')
})
