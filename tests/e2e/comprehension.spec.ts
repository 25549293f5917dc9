// The comprehension step (ADR 0122) on a tablet, in English and in Arabic: a platform admin authors two
// questions with their expected answers on a passage; a teacher captures a reading of it, scores the answers
// right after the reading, saves; once synced, the sitting report shows the comprehension item by item and the
// level of the text (F&P: accuracy with comprehension). axe finds nothing serious on the form, the capture step
// or the report. The institution scores with Fountas & Pinnell for the walk (the standard profile is put back).
import { expect, test } from '@playwright/test'
import type { APIRequestContext, Page } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { expectAccessible } from './support/axe'
import { addSignIn, signedIn, SAMPLE_USERS, ONLINE_ONLY } from './support/app'
import { addPassage, call, login, SAMPLE_HOST } from './support/api'
import { CapturePage } from './support/capture-page'
import { ar, exactly } from './support/arabic'

test.describe.configure({ mode: 'serial', timeout: 150_000 })
test.use({ ...ONLINE_ONLY, viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: false })

// 20 words each: one error reads 95 %, independent at level C (A–K: 95/90).
const ENGLISH = 'The little red hen found a grain of wheat in the yard and asked who would help her plant it'
const ARABIC = 'وجدت الدجاجة الحمراء الصغيرة حبة قمح في الساحة فسألت من يساعدها في زرعها ثم حصدت القمح وطحنته وخبزت منه خبزا'
const run = Date.now().toString(36)
type Walk = { lang: 'en' | 'ar'; title: string; content: string; questions: [string, string][] }
const WALKS: Walk[] = [
  { lang: 'en', title: `Hen questions ${run}`, content: ENGLISH, questions: [['Where did the hen find the wheat?', 'In the yard'], ['What did she ask?', 'Who would help her']] },
  { lang: 'ar', title: `أسئلة الدجاجة ${run}`, content: ARABIC, questions: [['أين وجدت الدجاجة القمح؟', 'في الساحة'], ['ماذا خبزت؟', 'خبزا']] },
]
const ids: Record<string, number> = {}

async function institutionAdmin(request: APIRequestContext) {
  return login(request, SAMPLE_HOST, SAMPLE_USERS.institutionAdmin, E2E.samplePassword)
}

async function scoreWith(request: APIRequestContext, code: string) {
  const admin = await institutionAdmin(request)
  const { profiles } = await call<{ profiles: { id: number; code: string | null }[] }>(request, SAMPLE_HOST, 'GET', '/api/scoring-profile/', admin)
  const id = profiles.find((p) => p.code === code)!.id
  await call(request, SAMPLE_HOST, 'PUT', '/api/scoring-profile/selection/', admin, { ar: id, en: id })
}

test.beforeAll(async ({ request }) => {
  for (const w of WALKS) ids[w.lang] = await addPassage(request, { title: w.title, content: w.content, language: w.lang, minutes: 0 })
  await scoreWith(request, 'fountas-pinnell')
})
test.afterAll(async ({ request }) => {
  await scoreWith(request, 'standard')
})

/** A label in the walk's language, with its placeholders filled. */
function say(lang: 'en' | 'ar', english: string, values: Record<string, string | number> = {}): string {
  const text = lang === 'ar' ? ar(english) : english
  return Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, String(v)), text)
}

async function inLanguage(page: Page, lang: 'en' | 'ar') {
  await page.addInitScript((l) => {
    localStorage.setItem('language', l)
    localStorage.setItem('direction', l === 'ar' ? 'rtl' : 'ltr')
  }, lang)
}

for (const w of WALKS) {
  test(`${w.lang}: two questions authored, a reading captured and its answers scored; the report shows the comprehension and the level`, async ({ page, browser }) => {
    const l = (english: string, values?: Record<string, string | number>) => exactly(say(w.lang, english, values))
    const student = w.lang === 'ar' ? 'هدى سالم' : 'Huda Salem'

    // The platform admin authors the questions with the passage.
    const adminContext = await browser.newContext({ ...ONLINE_ONLY, viewport: { width: 820, height: 1180 }, hasTouch: true })
    const admin = await adminContext.newPage()
    await inLanguage(admin, w.lang)
    await signedIn(admin, 'admin', { password: E2E.adminPassword, baseUrl: E2E.platformUrl, path: `/assessment/${ids[w.lang]}/edit` })
    await admin.getByRole('combobox', { name: l('Comprehension step') }).selectOption('questions')
    await admin.getByRole('button', { name: l('Add a question') }).click()
    for (const [i, [question, expected]] of w.questions.entries()) {
      await admin.getByLabel(l('Question {n}', { n: i + 1 })).fill(question)
      await admin.getByLabel(l('Expected answer {n}', { n: i + 1 })).fill(expected)
      await admin.getByLabel(l('Points for item {n}', { n: i + 1 })).selectOption('2')
    }
    await expectAccessible(admin, `assessment form with questions (${w.lang})`)
    await admin.getByRole('button', { name: l('Save') }).click()
    await expect(admin).toHaveURL(/\/assessment$/)
    await adminContext.close()

    // The teacher captures a reading and scores the answers right after it.
    await inLanguage(page, w.lang)
    const capture = new CapturePage(page, w.lang === 'ar')
    await addSignIn(page.context(), SAMPLE_USERS.teacher)
    await capture.open()
    await page.getByLabel(capture.l('Class')).selectOption({ label: 'Grade 1 A' })
    await page.getByLabel(capture.l('Student')).selectOption({ label: student })
    await page.getByLabel(capture.l('Passage')).selectOption({ label: w.title })
    await page.getByLabel(capture.l('Text level')).selectOption('C')
    await page.getByRole('checkbox', { name: capture.l('Record audio while the student reads') }).setChecked(false)
    await page.getByRole('button', { name: capture.l('Start sitting') }).click()
    await expect(page).toHaveURL(/\/capture\/[0-9a-f-]{36}$/)
    await capture.button('Start reading').click()
    await capture.word(2).tap() // one substitution: 19 of 20, 95 %
    await capture.button('Stop').click()
    await capture.word(19).tap() // the last word read
    const [first, second] = [page.getByLabel(exactly(w.questions[0]![0])), page.getByLabel(exactly(w.questions[1]![0]))]
    await expect(page.getByRole('heading', { name: l('Score the comprehension questions') })).toBeVisible()
    await expect(page.getByText(say(w.lang, 'Expected: {expected}', { expected: w.questions[0]![1] }))).toBeVisible()
    await first.selectOption('2')
    await second.selectOption('1')
    await expect(page.getByTestId('capture-comprehension-total')).toContainText('3 / 4')
    await expectAccessible(page, `capture comprehension step (${w.lang})`)
    await page.reload() // the points are kept on the device
    await expect(page.getByLabel(exactly(w.questions[0]![0]))).toHaveValue('2')
    await capture.button('Save sitting').click()
    await expect(page).toHaveURL(/\/capture$/)
    const row = capture.row(student, w.title)
    await expect(row).toContainText(say(w.lang, 'Synced'), { timeout: 30_000 })

    // The sitting report: each answer with its points, the total and its category, and the level of the text.
    await row.getByRole('button', { name: l('View the report of {name}', { name: student }) }).click()
    await expect(page.getByRole('heading', { name: l('Comprehension') })).toBeVisible()
    await expect(page.getByTestId('comprehension-total')).toContainText('3 / 4')
    await expect(page.getByTestId('comprehension-total')).toContainText(say(w.lang, 'Satisfactory'))
    await expect(page.getByText(w.questions[1]![0])).toBeVisible()
    await expect(page.getByTestId('level-decision')).toHaveText(say(w.lang, 'Independent'))
    await expectAccessible(page, `sitting report with comprehension (${w.lang})`)
  })
}
