// A student's progress (issue 26): a coach (school staff) opens a student, sets a goal, and the aimline and the
// below-aimline flag appear; the page reads the same offline after a reload; axe passes in English and Arabic.
//
// Huda (a student made for this file) reads a 10-word passage four times: 30 s, 25 s, 24 s, 20 s → 20, 24, 25, 30 words correct per minute on
// 2026-09-07, 09-14, 09-21, 09-28. The goal (20 on 09-07 to 116 on 11-30: 8 a week) puts the aimline at 28, 36, 44
// on the last three days: all three readings are under it, so the flag shows.
import { expect, test } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { api } from '../../src/shared/api'
import { addPassage, call, login, SAMPLE_HOST } from './support/api'
import { SAMPLE_USERS, savedOnDevice, serviceWorkerReady, signedIn, switchLanguage } from './support/app'
import { ar } from './support/arabic'
import { expectAccessible } from './support/axe'

let studentPath = ''

test.beforeAll(async ({ request }) => {
  const assessment = await addPassage(request, { title: 'The cat on the mat', content: 'The cat sat on the mat and then it slept', language: 'en', minutes: 2 })
  const teacher = await login(request, SAMPLE_HOST, SAMPLE_USERS.teacher, E2E.samplePassword)
  const [school] = (await call<{ results: { id: number }[] }>(request, SAMPLE_HOST, 'GET', api.mySchools, teacher)).results
  const year = (await call<{ results: { id: number; display_name: string }[] }>(request, SAMPLE_HOST, 'GET', api.academicYears, teacher))
    .results.find((y) => y.display_name === '2026-2027')!
  const cls = (await call<{ results: { id: number; name: string }[] }>(request, SAMPLE_HOST, 'GET', `/api/school/${school!.id}/all_classes/`, teacher))
    .results.find((c) => c.name === 'Grade 1 A')!
  // A student of her own, so the sample's generated sittings stay off her trend; a code of this run's own, so a
  // retry on the same server adds her again.
  const huda = (await call<{ id: number }>(request, SAMPLE_HOST, 'POST', api.students(school!.id, year.id), teacher, {
    first_name: 'Huda', last_name: 'Trend', arabic_name: 'هدى تريند', enrollment_code: `SMPL-${90000 + (Date.now() % 10000)}`, gender: 'f', class_relation: cls.id,
  })).id
  for (const [day, duration] of [['2026-09-07', 30], ['2026-09-14', 25], ['2026-09-21', 24], ['2026-09-28', 20]] as const) {
    await call(request, SAMPLE_HOST, 'POST', api.sittings, teacher, {
      student: huda, assessment, class: cls.id, academic_year: year.id, created_in_device_at: `${day}T09:00:00Z`, duration, marks: [], text_level: 'D',
    })
  }
  studentPath = `/report/${huda}/student`
})

test('a coach sets a goal: the aimline and the flag appear, and read the same offline after a reload', async ({ page, context }) => {
  await signedIn(page, SAMPLE_USERS.schoolAdmin)
  await serviceWorkerReady(page)
  await page.goto(studentPath)
  const progress = page.getByRole('region', { name: 'Progress' })
  await expect(progress.getByTestId('wcpm-chart')).toBeVisible()
  await expect(progress.getByTestId('goal')).toHaveText('No goal yet')
  await expect(progress.getByTestId('below-aimline')).toHaveCount(0)
  // 20, 24, 25, 30 a week apart: least squares gives 3.1 words a week (Sxy 15.5 over Sxx 5).
  await expect(progress.getByTestId('rate-of-improvement')).toHaveText('3.1 words per week')
  // Grade 1 A is grade 1: DIBELS 8's fall bands (5 / 10 words) are drawn behind the readings, named in the legend.
  await expect(progress.getByTestId('wcpm-chart').locator('[data-band="2026-2027-boy-below"]')).toHaveCount(1)
  await expect(progress.getByText('Bands behind the words correct per minute: DIBELS 8th Edition benchmark goals: ORF words correct (2020)')).toBeVisible()
  await expectAccessible(page, 'student progress')

  await progress.getByRole('button', { name: 'Set a goal' }).click()
  await expect(progress.getByLabel('Aimline starts on')).toHaveValue('2026-09-07')
  await expect(progress.getByLabel('Words correct per minute at the start')).toHaveValue('20')
  await progress.getByLabel('Goal date').fill('2026-11-30')
  await progress.getByLabel('Goal: words correct per minute').fill('116')
  await expectAccessible(page, 'student goal form')
  await progress.getByRole('button', { name: 'Save goal' }).click()

  await expect(progress.getByTestId('goal')).toHaveText('116 words correct per minute by Nov 30, 2026')
  await expect(progress.getByTestId('below-aimline')).toHaveText('Below the aimline: the last three readings are under it.')
  await expect(progress.getByTestId('wcpm-chart').locator('[data-series="aimline"] .trend-line')).toHaveCount(1)
  const table = progress.getByRole('table', { name: 'Readings over time (the charts as a table)' })
  await expect(table.getByRole('row').nth(4)).toContainText('44')
  await expectAccessible(page, 'student progress with a goal')

  await savedOnDevice(page)
  await context.setOffline(true)
  await page.reload()
  await expect(progress.getByTestId('goal')).toHaveText('116 words correct per minute by Nov 30, 2026')
  await expect(progress.getByTestId('below-aimline')).toBeVisible()
  await expect(progress.getByTestId('wcpm-chart').locator('[data-series="aimline"] .trend-line')).toHaveCount(1)
  await expect(progress.getByTestId('kept-time')).toContainText('Saved on this device')
  await context.setOffline(false)

  await switchLanguage(page, 'العربية')
  const arabic = page.getByRole('region', { name: ar('Progress') })
  await expect(arabic.getByTestId('below-aimline')).toHaveText(ar('Below the aimline: the last three readings are under it.'))
  await expect(arabic.getByTestId('wcpm-chart')).toBeVisible()
  await expectAccessible(page, 'student progress in Arabic')
  await switchLanguage(page, 'English')
})
