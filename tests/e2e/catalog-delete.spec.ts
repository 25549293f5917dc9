// The grade and section list screens offer Delete for a row nothing uses and refuse it for one a class uses
// (ADR 0112: a list's is_deletable is what DELETE answers), in English and in Arabic.
import { expect, test, type Page } from '@playwright/test'
import { SAMPLE_HOST, call, login } from './support/api'
import { SAMPLE_USERS, signedIn, switchLanguage, ONLINE_ONLY } from './support/app'
import { E2E } from '../../playwright.config'
import { api } from '../../src/shared/api'

test.use(ONLINE_ONLY)

type Kind = { path: 'grade' | 'section'; used: string; created: string; deleted: (name: string) => string }

const KINDS: Kind[] = [
  { path: 'grade', used: 'Grade 1', created: 'Unused grade', deleted: (name) => `Grade “${name}” was deleted.` },
  { path: 'section', used: 'Section A', created: 'Unused section', deleted: (name) => `Section “${name}” was deleted.` },
]

/** Adds a row through the API, as another user would have a second ago. */
async function addRow(page: Page, kind: Kind, name: string) {
  const token = await login(page.request, SAMPLE_HOST, SAMPLE_USERS.institutionAdmin, E2E.samplePassword)
  const [school] = (await call<{ results: { id: number }[] }>(page.request, SAMPLE_HOST, 'GET', api.mySchools, token)).results
  await call(page.request, SAMPLE_HOST, 'POST', `/api/school/${school!.id}/${kind.path}/`, token, { identifier: `X${Date.now() % 100000}`, display_name: name })
}

for (const kind of KINDS) {
  test(`the ${kind.path} list offers Delete for an unused ${kind.path} and refuses it for one a class uses`, async ({ page }) => {
    const name = `${kind.created} ${Date.now() % 100000}`
    await addRow(page, kind, name)
    await signedIn(page, SAMPLE_USERS.institutionAdmin, { path: `/${kind.path}` })
    await expect(page.getByRole('button', { name: `Delete ${kind.used}`, exact: true })).toBeDisabled()
    await expect(page.getByRole('button', { name: `Delete ${kind.used}`, exact: true })).toHaveAttribute('title', 'In use; cannot be deleted')
    const remove = page.getByRole('button', { name: `Delete ${name}`, exact: true })
    await expect(remove).toBeEnabled()
    await remove.click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page.getByText(kind.deleted(name))).toBeVisible()
    await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0)
  })
}

test('in Arabic, the section list offers حذف for an unused section and refuses it for one a class uses', async ({ page }) => {
  const name = `شعبة غير مستخدمة ${Date.now() % 100000}`
  await addRow(page, KINDS[1]!, name)
  await signedIn(page, SAMPLE_USERS.institutionAdmin)
  await switchLanguage(page, 'العربية')
  await page.goto('/section')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('button', { name: 'حذف Section A', exact: true })).toBeDisabled()
  const remove = page.getByRole('button', { name: `حذف ${name}`, exact: true })
  await expect(remove).toBeEnabled()
  await remove.click()
  await page.getByRole('dialog').getByRole('button', { name: 'حذف', exact: true }).click()
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0)
  await switchLanguage(page, 'English')
})
