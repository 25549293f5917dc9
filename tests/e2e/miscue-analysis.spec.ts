// What the child said and the cues used (issue 25, ADR 0121), on a tablet in English and Arabic: each substitution
// gets what the child said (picked from the short list, or typed) and its cues coded on the capture screen, offline
// in English; after sync the sitting report shows what was said next to the text and the cue summary, and the class
// summary counts the cues. axe: no serious or critical violation on the capture screen, the report and the class report.
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { expectAccessible } from './support/axe'
import { savedOnDevice, serviceWorkerReady, addSignIn, signedIn, SAMPLE_USERS, switchLanguage } from './support/app'
import { addPassage } from './support/api'
import { CapturePage } from './support/capture-page'
import { ar } from './support/arabic'
import { chooseSampleYear } from './support/report-page'

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: false })

const ENGLISH = 'Tom and his dog ran to the park'
const ARABIC = 'ذهب سامي إلى السوق مع أبيه'
const run = Date.now().toString(36)
const passage = `Dog walk ${run}`
const arabicPassage = `سامي ${run}`

test.beforeAll(async ({ request }) => {
  await addPassage(request, { title: passage, content: ENGLISH, language: 'en', minutes: 1 })
  await addPassage(request, { title: arabicPassage, content: ARABIC, language: 'ar', minutes: 1 })
})

/** The class summary of the sample class for one passage. */
async function classSummary(page: Page, o: { reportType: string; passage: string; lang: 'en' | 'ar' }) {
  const l = (english: string) => (o.lang === 'ar' ? ar(english) : english)
  await page.goto('/report')
  await page.getByLabel(l('Report type')).selectOption({ label: o.reportType })
  await chooseSampleYear(page, l('Academic year'))
  await page.getByLabel(l('Class'), { exact: true }).selectOption({ label: 'Grade 1 A' })
  await page.getByLabel(l('Assessment'), { exact: true }).selectOption({ label: o.passage })
  return page.getByTestId('class-cue-summary')
}

test('English, offline: what the child said and the cues of each substitution reach the sitting report and the class summary', async ({ page, context }) => {
  const capture = new CapturePage(page)
  await addSignIn(page.context(), SAMPLE_USERS.teacher)
  await capture.open()
  await serviceWorkerReady(page)
  await savedOnDevice(page)

  await context.setOffline(true)
  await capture.newSitting({ cls: 'Grade 1 A', student: 'Sara Ahmed', passage, audio: false })
  await capture.button('Start reading').click()
  await capture.word(1).tap() // "and": substitution, the default pen
  await capture.word(3).tap() // "dog"
  await capture.button('Stop').click()
  await capture.word(6).tap() // the last word read

  const and = page.getByTestId('mark-details-1')
  await expect(and.getByRole('group', { name: 'Pick what the child said' }).getByRole('button')).toHaveText(['and', 'a', 'an'])
  await and.getByRole('button', { name: 'an', exact: true }).click() // an attempt: the first letters
  await and.getByRole('button', { name: 'Meaning' }).click()
  await and.getByRole('button', { name: 'Visual' }).click()
  await expect(and.getByRole('button', { name: 'Visual' })).toHaveAttribute('aria-pressed', 'true')
  const dog = page.getByTestId('mark-details-3')
  await dog.getByRole('textbox', { name: 'What the child said' }).fill('dig')
  await dog.getByRole('button', { name: 'Visual' }).click()
  await expect(page.getByRole('button', { name: 'Root kept' })).toHaveCount(0) // Arabic categories only on Arabic passages
  await expectAccessible(page, 'capture screen with what the child said and the cues')

  await capture.button('Save sitting').click()
  await expect(capture.row('Sara Ahmed', passage)).toContainText('Saved on this device')
  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(capture.row('Sara Ahmed', passage)).toContainText('Synced', { timeout: 30_000 })

  await capture.row('Sara Ahmed', passage).getByRole('button', { name: /view the report/i }).click()
  const content = page.getByTestId('sitting-content')
  await expect(content).toContainText('and said: an')
  await expect(content).toContainText('dog said: dig')
  const summary = page.getByTestId('sitting-cue-summary')
  await expect(summary).toContainText('2 of 2 errors and self-corrections coded for the cues used.')
  await expect(summary.getByRole('row', { name: /Meaning/ })).toContainText('150%')
  await expect(summary.getByRole('row', { name: /Visual/ })).toContainText('2100%')
  await expectAccessible(page, 'sitting report with what the child said')

  const cls = await classSummary(page, { reportType: 'Common miscue report', passage, lang: 'en' })
  await expect(cls).toContainText('2 of 2 errors and self-corrections coded for the cues used.')
  await expect(cls.getByRole('row', { name: /Visual/ })).toContainText('2100%')
  await expectAccessible(page, 'class report with the cue summary')
})

test('Arabic: the Arabic categories of the taxonomy, the letters of the word, a name, and the summaries in Arabic', async ({ page }) => {
  const capture = new CapturePage(page, true)
  await signedIn(page, SAMPLE_USERS.teacher)
  await switchLanguage(page, 'العربية')
  await capture.open()
  await capture.newSitting({ cls: 'Grade 1 A', student: 'نور حسن', passage: arabicPassage, audio: false })
  await capture.button('Start reading').click()
  await capture.word(0).tap() // ذهب
  await capture.word(1).tap() // سامي, a name
  await capture.button('Stop').click()
  await capture.word(5).tap()

  const went = page.getByTestId('mark-details-0')
  await expect(went.getByRole('group', { name: ar('Pick what the child said') }).getByRole('button')).toHaveText(['ذهب', 'ذ', 'ذه', 'ه', 'ب'])
  await went.getByRole('textbox', { name: ar('What the child said') }).fill('ذهبت')
  await went.getByRole('button', { name: 'الجذر' }).click()
  await went.getByRole('button', { name: 'المعنى' }).click()
  const name = page.getByTestId('mark-details-1')
  await name.getByRole('button', { name: 'س', exact: true }).click()
  await name.getByRole('button', { name: 'الخلط بين الحروف' }).click()
  await name.getByRole('checkbox', { name: ar('A name (proper noun)') }).check()
  await expectAccessible(page, 'capture screen with the Arabic categories (ar)')

  await capture.button('Save sitting').click()
  await expect(capture.row('نور حسن', arabicPassage)).toContainText(ar('Synced'), { timeout: 30_000 })
  await capture.row('نور حسن', arabicPassage).getByRole('button').filter({ hasText: ar('View the report') }).click()
  const content = page.getByTestId('sitting-content')
  await expect(content).toContainText('ذهب قال: ذهبت')
  await expect(content).toContainText('سامي قال: س')
  const summary = page.getByTestId('sitting-cue-summary')
  await expect(summary).toContainText(ar('{coded} of {analysable} errors and self-corrections coded for the cues used.').replace('{coded}', '2').replace('{analysable}', '2'))
  await expect(summary.getByRole('row', { name: /الجذر/ })).toContainText('150%')
  await expect(summary.getByRole('row', { name: /الخلط بين الحروف/ })).toContainText('150%')
  await expectAccessible(page, 'sitting report with what the child said (ar)')

  const cls = await classSummary(page, { reportType: 'تقرير الأخطاء الشائعة', passage: arabicPassage, lang: 'ar' })
  await expect(cls.getByRole('row', { name: /المعنى/ })).toContainText('150%')
  await expectAccessible(page, 'class report with the cue summary (ar)')
})
