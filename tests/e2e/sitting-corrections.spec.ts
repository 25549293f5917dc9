// A sitting corrected after sync, then voided (ADR 0123), on a tablet, in English and in Arabic: the correction
// marks on capture's marking board (a self-correction, what the child said, a cue) and the report shows them; the
// class report follows each step, the sitting report shows its history and the void, and a correction made offline is sent
// when the connection is back.
import { expect, test, type Page } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { api } from '../../src/shared/api'
import { addPassage, call, login, SAMPLE_HOST, sampleClass } from './support/api'
import { SAMPLE_USERS, serviceWorkerReady, signedIn, switchLanguage } from './support/app'
import { ar } from './support/arabic'
import { expectAccessible } from './support/axe'
import { chooseSampleYear } from './support/report-page'

test.use({ viewport: { width: 820, height: 1180 } })

type Lang = 'en' | 'ar'
type Reading = { title: string; reportPath: string; studentPath: string }

/** A passage of its own and one sitting of it by the teacher: w1 omission, w3 substitution → 8 of 10 words, 80 %. */
async function reading(request: Parameters<typeof addPassage>[0], title: string, student: string): Promise<Reading> {
  const assessment = await addPassage(request, { title, content: 'The brown dog ran to the park to play ball', language: 'en', minutes: 2 })
  const teacher = await login(request, SAMPLE_HOST, SAMPLE_USERS.teacher, E2E.samplePassword)
  const c = await sampleClass(request, teacher, 'Grade 1 A')
  const kid = c.kid(student)
  const sitting = await call<{ id: number }>(request, SAMPLE_HOST, 'POST', api.sittings, teacher, {
    student: kid, assessment, class: c.cls.id, academic_year: c.year.id, created_in_device_at: '2026-11-03T09:00:00+03:00', duration: 60,
    marks: [{ word_index: 1, miscue: 'omission' }, { word_index: 3, miscue: 'substitution' }],
  })
  return { title, reportPath: `/report/${kid}/student/${sitting.id}`, studentPath: `/report/${kid}/student` }
}

/** The common report of Grade 1 A for the passage: its total tests, and the score on the student's row of the accuracy list. */
async function classReport(page: Page, L: (s: string) => string, title: string) {
  await page.goto('/report')
  await page.getByLabel(L('Report type')).selectOption({ label: L('Common miscue report') })
  await chooseSampleYear(page, L('Academic year'))
  await page.getByLabel(L('Class'), { exact: true }).selectOption({ label: 'Grade 1 A' })
  await page.getByLabel(L('Assessment'), { exact: true }).selectOption({ label: title })
  const summary = page.getByRole('region', { name: L('Common miscue summary') })
  return { tests: summary.getByText(L('Total tests')).locator('xpath=following-sibling::dd'), rows: page.getByRole('region', { name: L('Miscue accuracy') }).getByRole('row').filter({ hasText: title }) }
}

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`${lang}: a sitting corrected after sync and then voided; the class report follows each step and the history is shown`, async ({ page, request }) => {
    const L = (s: string) => (lang === 'ar' ? ar(s) : s)
    const r = await reading(request, `A passage to correct (${lang})`, lang === 'en' ? 'Noor' : 'Huda')
    await signedIn(page, SAMPLE_USERS.teacher)
    if (lang === 'ar') await switchLanguage(page, 'العربية')

    let report = await classReport(page, L, r.title)
    await expect(report.tests).toHaveText(/^(1|١)$/)
    await expect(report.rows).toHaveCount(1)
    await expect(report.rows).toContainText('80')

    await page.goto(r.reportPath)
    await page.getByRole('button', { name: L('Correct the marks') }).click()
    // The capture screen's marking: the child corrected "ran" (read "run" first, a visual cue).
    await expect(page.getByTestId('word-3')).toHaveAttribute('data-marks', 'substitution')
    await page.getByRole('radio', { name: lang === 'ar' ? /تصحيح ذاتي/ : /Self-correction/ }).check({ force: true })
    await page.getByTestId('word-3').click()
    await expect(page.getByTestId('word-3')).toHaveAttribute('data-marks', 'substitution+sc')
    const ran = page.getByTestId('mark-details-3')
    await ran.getByRole('textbox', { name: L('What the child said') }).fill('run')
    await ran.getByRole('button', { name: lang === 'ar' ? /الشكل المرئي/ : /Visual/ }).click()
    await expect(ran.getByRole('button', { name: lang === 'ar' ? /الشكل المرئي/ : /Visual/ })).toHaveAttribute('aria-pressed', 'true')
    await page.getByRole('button', { name: L('Save the correction') }).click()
    await expect(page.getByRole('alert').first()).toBeVisible()
    await expectAccessible(page, `sitting correction (${lang})`)
    await page.getByLabel(L('Reason for the change')).fill(lang === 'ar' ? 'سمعت التسجيل: قرأت الكلمة صحيحة' : 'On the recording the word was read right')
    await page.getByRole('button', { name: L('Save the correction') }).click()
    await expect(page.getByText(L('The reading record was changed. Its earlier version is kept in its history.'))).toBeVisible()
    const trail = page.getByTestId('sitting-trail')
    await expect(trail).toContainText(L('Marks corrected'))
    await expect(trail).toContainText(lang === 'ar' ? 'سمعت التسجيل' : 'On the recording')
    await expect(trail).toContainText('80% · E 2')
    await expect(trail).toContainText('90% · E 1')
    // The report shows what the child said next to the word, and the cue in the sitting's cue summary.
    await expect(page.getByTestId('sitting-content')).toContainText('ran said: run')
    await expect(page.getByTestId('sitting-cue-summary')).toContainText(lang === 'ar' ? 'الشكل المرئي' : 'Visual')

    report = await classReport(page, L, r.title)
    await expect(report.rows).toContainText('90')

    await page.goto(r.reportPath)
    await page.getByRole('button', { name: L('Void this reading record') }).click()
    await page.getByLabel(L('Reason for the change')).fill(lang === 'ar' ? 'توقف الطالب بعد سطر واحد لأنه مريض' : 'Stopped after one line: unwell')
    await page.getByRole('button', { name: L('Void'), exact: true }).click()
    await expect(page.getByText(L('The reading record is void. It no longer counts in any report.'))).toBeVisible()
    await expect(page.getByTestId('void-notice')).toContainText(lang === 'ar' ? 'مريض' : 'unwell')
    await expect(trail).toContainText(L('Voided'))
    await expect(page.getByRole('button', { name: L('Correct the marks') })).toHaveCount(0)
    await expectAccessible(page, `voided sitting report (${lang})`)

    report = await classReport(page, L, r.title)
    await expect(report.rows).toHaveCount(0)
    await page.goto(r.studentPath)
    // The student's history may hold other specs' voided readings of the same student: this one is known by its reason.
    await expect(page.getByTestId('void-row').filter({ hasText: lang === 'ar' ? 'توقف الطالب بعد سطر واحد' : 'Stopped after one line: unwell' })).toHaveCount(1)
  })
}

test('a correction made offline is sent when the connection is back', async ({ page, context, request }) => {
  const r = await reading(request, 'A passage to correct offline', 'Khalid')
  await signedIn(page, SAMPLE_USERS.teacher)
  await serviceWorkerReady(page)
  await page.goto(r.reportPath)
  await page.getByRole('button', { name: 'Correct the marks' }).click()
  await expect(page.getByTestId('word-1')).toHaveAttribute('data-marks', 'omission')
  await expect(page.getByTestId('word-3')).toHaveAttribute('data-marks', 'substitution')
  // The taxonomy the pens come from has arrived before the connection goes.
  await expect(page.getByRole('radio', { name: 'Omission' })).toBeAttached()
  await context.setOffline(true)
  await page.getByRole('radio', { name: 'Omission' }).check({ force: true })
  await page.getByTestId('word-1').click()
  await expect(page.getByTestId('word-1')).not.toHaveAttribute('data-marks')
  await page.getByLabel('Reason for the change').fill('Re-listened: brown was read')
  await page.getByRole('button', { name: 'Save the correction' }).click()
  await expect(page.getByText('You are offline. The change is saved on this device and will be sent when you are back online.')).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByRole('button', { name: /online, everything is synced/i })).toBeVisible({ timeout: 20_000 })
  await page.reload()
  await expect(page.getByTestId('sitting-trail')).toContainText('Re-listened: brown was read')
  await expect(page.getByTestId('sitting-trail')).toContainText('90% · E 1')
})
