// A running record from capture to void as one journey (issue 25, "Must show"), on a tablet, in English and in
// Arabic: the teacher captures a reading offline with what the child said and the cues (MSV) of each substitution,
// scores the retell right after it, saves, and the sitting syncs when the connection is back; the sitting report shows it all. Then the teacher
// corrects the marks on the sitting report (what was said and the cues of the mark kept stay with it) and voids
// the sitting; the class report is read after each step: its figures follow the correction, the row leaves
// with the void. axe: no serious or critical violation on any screen of the walk.
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { expectAccessible } from './support/axe'
import { savedOnDevice, serviceWorkerReady, addSignIn, SAMPLE_USERS } from './support/app'
import { addPassage } from './support/api'
import { CapturePage } from './support/capture-page'
import { ar, exactly } from './support/arabic'
import { chooseSampleYear } from './support/report-page'

test.describe.configure({ mode: 'serial', timeout: 180_000 })
test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: false })

type Lang = 'en' | 'ar'
const run = Date.now().toString(36)

// 10 words each: two substitutions read 80 %, one 90 %.
const JOURNEYS = {
  en: {
    title: `Journey park ${run}`, student: 'Sara Ahmed',
    content: 'The brown dog ran to the park to play ball',
    first: { index: 1, word: 'brown', said: 'brow', cue: 'Visual' }, second: { index: 3, word: 'ran', said: 'run', cue: 'Meaning' },
    retell: ['Tells who the story is about', 'Tells where the dog went'],
    reason: 'On the recording ran was read right', voidReason: 'Stopped early: unwell', substitution: 'Substitution',
  },
  ar: {
    title: `رحلة السوق ${run}`, student: 'نور حسن',
    content: 'ذهب سامي إلى السوق مع أبيه واشترى تفاحا وموزا كثيرا',
    first: { index: 0, word: 'ذهب', said: 'ذهبت', cue: 'المعنى' }, second: { index: 3, word: 'السوق', said: 'السور', cue: 'الشكل المرئي' },
    retell: ['يذكر من ذهب إلى السوق', 'يذكر ما اشتراه'],
    reason: 'سمعت التسجيل: قرأ الكلمة صحيحة', voidReason: 'توقف مبكرا لأنه مريض', substitution: 'استبدال',
  },
} as const

test.beforeAll(async ({ request }) => {
  for (const [lang, j] of Object.entries(JOURNEYS)) {
    await addPassage(request, {
      title: j.title, content: j.content, language: lang as Lang, minutes: 1,
      comprehension: { kind: 'retell', items: j.retell.map((prompt) => ({ prompt, expected: '', points: 2 })) },
    })
  }
})

async function inLanguage(page: Page, lang: Lang) {
  await page.addInitScript((l) => {
    localStorage.setItem('language', l)
    localStorage.setItem('direction', l === 'ar' ? 'rtl' : 'ltr')
  }, lang)
}

/** The common report of Grade 1 A for the passage: the cue summary, and the passage's rows of the accuracy list. */
async function classReport(page: Page, L: (s: string) => string, title: string) {
  await page.goto('/report')
  await page.getByLabel(L('Report type')).selectOption({ label: L('Common miscue report') })
  await chooseSampleYear(page, L('Academic year'))
  await page.getByLabel(L('Class'), { exact: true }).selectOption({ label: 'Grade 1 A' })
  await page.getByLabel(L('Assessment'), { exact: true }).selectOption({ label: title })
  return {
    cues: page.getByTestId('class-cue-summary'),
    rows: page.getByRole('region', { name: L('Miscue accuracy') }).getByRole('row').filter({ hasText: title }),
  }
}

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`${lang}: captured offline with what was said, cues and a retell; synced, corrected, voided; the class report follows each step`, async ({ page, context }) => {
    const j = JOURNEYS[lang]
    const L = (s: string) => (lang === 'ar' ? ar(s) : s)
    const coded = (n: number) => L('{coded} of {analysable} errors and self-corrections coded for the cues used.')
      .replace('{coded}', String(n)).replace('{analysable}', String(n))
    const said = (word: string, what: string) => `${word} ${lang === 'ar' ? 'قال' : 'said'}: ${what}`

    await inLanguage(page, lang)
    const capture = new CapturePage(page, lang === 'ar')
    await addSignIn(page.context(), SAMPLE_USERS.teacher)
    await capture.open()
    await serviceWorkerReady(page)
    await savedOnDevice(page)

    await context.setOffline(true)
    await capture.newSitting({ cls: 'Grade 1 A', student: j.student, passage: j.title, audio: false })

    // Capture: two substitutions, each with what the child said and its cues; the reading ends on the last word.
    await capture.button('Start reading').click()
    await capture.word(j.first.index).tap()
    await capture.word(j.second.index).tap()
    await capture.button('Stop').click()
    await capture.word(9).tap()
    for (const mark of [j.first, j.second]) {
      const details = page.getByTestId(`mark-details-${mark.index}`)
      await details.getByRole('textbox', { name: L('What the child said') }).fill(mark.said)
      await details.getByRole('button', { name: mark.cue }).click()
      await expect(details.getByRole('button', { name: mark.cue })).toHaveAttribute('aria-pressed', 'true')
    }

    // The retell, scored in the capture.
    await expect(page.getByRole('heading', { name: exactly(L('Score the retell')) })).toBeVisible()
    await page.getByLabel(exactly(j.retell[0])).selectOption('2')
    await page.getByLabel(exactly(j.retell[1])).selectOption('1')
    await expect(page.getByTestId('capture-comprehension-total')).toContainText('3 / 4')
    await expectAccessible(page, `capture screen with what was said, cues and the retell (${lang})`)
    await capture.button('Save sitting').click()
    const row = capture.row(j.student, j.title)
    await expect(row).toContainText(L('Saved on this device'))
    await context.setOffline(false)
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    await expect(row).toContainText(L('Synced'), { timeout: 30_000 })
    await expectAccessible(page, `capture list with the synced sitting (${lang})`)

    // The sitting report after sync.
    await row.getByRole('button', { name: exactly(L('View the report of {name}').replace('{name}', j.student)) }).click()
    const content = page.getByTestId('sitting-content')
    await expect(content).toContainText(said(j.first.word, j.first.said))
    await expect(content).toContainText(said(j.second.word, j.second.said))
    await expect(page.getByTestId('sitting-cue-summary')).toContainText(coded(2))
    await expect(page.getByTestId('comprehension-total')).toContainText('3 / 4')
    await expectAccessible(page, `sitting report (${lang})`)
    const reportUrl = page.url()

    let report = await classReport(page, L, j.title)
    await expect(report.rows).toHaveCount(1)
    await expect(report.rows).toContainText('80')
    await expect(report.cues).toContainText(coded(2))
    await expectAccessible(page, `class report after sync (${lang})`)

    // Corrected after sync: the second substitution was a mishearing, taken away by marking it again with its type.
    await page.goto(reportUrl)
    await page.getByRole('button', { name: L('Correct the marks') }).click()
    await expect(page.getByTestId(`word-${j.first.index}`)).toHaveAttribute('data-marks', 'substitution')
    await expect(page.getByTestId(`word-${j.second.index}`)).toHaveAttribute('data-marks', 'substitution')
    await page.getByRole('radio', { name: j.substitution }).check({ force: true })
    await page.getByTestId(`word-${j.second.index}`).click()
    await expect(page.getByTestId(`word-${j.second.index}`)).not.toHaveAttribute('data-marks')
    await page.getByLabel(L('Reason for the change')).fill(j.reason)
    await expectAccessible(page, `sitting correction (${lang})`)
    await page.getByRole('button', { name: L('Save the correction') }).click()
    await expect(page.getByText(L('The reading record was changed. Its earlier version is kept in its history.'))).toBeVisible()
    const trail = page.getByTestId('sitting-trail')
    await expect(trail).toContainText('80% · E 2')
    await expect(trail).toContainText('90% · E 1')
    // The mark kept keeps what the child said and its cues; the one taken away leaves the report.
    await expect(content).toContainText(said(j.first.word, j.first.said))
    await expect(content).not.toContainText(said(j.second.word, j.second.said))
    await expect(page.getByTestId('sitting-cue-summary')).toContainText(coded(1))
    await expect(page.getByTestId('comprehension-total')).toContainText('3 / 4')
    await expectAccessible(page, `corrected sitting report (${lang})`)

    report = await classReport(page, L, j.title)
    await expect(report.rows).toHaveCount(1)
    await expect(report.rows).toContainText('90')
    await expect(report.cues).toContainText(coded(1))
    await expectAccessible(page, `class report after the correction (${lang})`)

    // Voided: the sitting leaves the class report.
    await page.goto(reportUrl)
    await page.getByRole('button', { name: L('Void this reading record') }).click()
    await page.getByLabel(L('Reason for the change')).fill(j.voidReason)
    await expectAccessible(page, `void form (${lang})`)
    await page.getByRole('button', { name: L('Void'), exact: true }).click()
    await expect(page.getByText(L('The reading record is void. It no longer counts in any report.'))).toBeVisible()
    await expect(page.getByTestId('void-notice')).toContainText(j.voidReason)
    await expectAccessible(page, `voided sitting report (${lang})`)

    report = await classReport(page, L, j.title)
    await expect(report.rows).toHaveCount(0)
    await expect(report.cues).toHaveCount(0)
    await expectAccessible(page, `class report after the void (${lang})`)
  })
}
