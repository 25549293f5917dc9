// Data out (issue 26): school staff take the raw sittings out of the reports screen as CSV or .xlsx; teachers are
// not offered it; axe passes in English and Arabic.
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { SAMPLE_USERS, signedIn, switchLanguage, ONLINE_ONLY } from './support/app'
import { ar } from './support/arabic'
import { expectAccessible } from './support/axe'

test.use(ONLINE_ONLY)

test('a school admin exports the raw sittings of the institution as CSV; a teacher is not offered it', async ({ page }) => {
  await signedIn(page, SAMPLE_USERS.schoolAdmin)
  await page.getByRole('link', { name: 'Reports' }).click()
  const form = page.getByRole('form', { name: 'Data out: raw sittings and marks' })
  await form.getByLabel('From date').fill('2026-08-01')
  await form.getByLabel('To date').fill('2027-07-31')
  await form.getByLabel('Scope').selectOption({ label: 'Institution' })
  await form.getByLabel('File').selectOption({ label: 'CSV: one row per sitting' })
  await expectAccessible(page, 'data out form')
  const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Export' }).click()])
  expect(download.suggestedFilename()).toMatch(/^sittings-.*\.csv$/)
  const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n')
  expect(lines[0]).toMatch(/^Sitting id,Student id,Enrollment code,/)
  // The sample's generated sittings are there, one row each.
  expect(lines.length).toBeGreaterThan(1)

  await switchLanguage(page, 'العربية')
  await expect(page.getByRole('form', { name: ar('Data out: raw sittings and marks') })).toBeVisible()
  await expectAccessible(page, 'data out form in Arabic')
  await switchLanguage(page, 'English')
})

test('a teacher is not offered the data out form', async ({ page }) => {
  await signedIn(page, SAMPLE_USERS.teacher)
  await page.getByRole('link', { name: 'Reports' }).click()
  await expect(page.getByRole('heading', { name: 'Miscue reports' })).toBeVisible()
  await expect(page.getByRole('form', { name: 'Data out: raw sittings and marks' })).toHaveCount(0)
})
