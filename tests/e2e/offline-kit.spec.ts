// The write kit in the browser (ADR 0040): a class and a student in it created offline reach the server in
// order (the student's class is the outbox reference of the class create), and a stale edit of a grade opens
// the side-by-side conflict view, where "Keep mine" saves. Sample institution, Al Noor Primary School.
import { expect, test } from '@playwright/test'
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { SAMPLE_USERS, signedIn } from './support/app'

test.describe.configure({ mode: 'serial' })
// Offline, reconnect and replay steps take longer than the default on a loaded machine.
test.setTimeout(180_000)

/** The bearer token the app keeps in its auth_info cookie, for calls made beside the page. */
async function token(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'auth_info')
  expect(cookie, 'auth_info cookie').toBeTruthy()
  return (JSON.parse(decodeURIComponent(cookie!.value)) as { access_token: string }).access_token
}

/** A call from the test runner, to 127.0.0.1 with the institution's Host (Node does not resolve *.localhost). */
async function api<T>(request: APIRequestContext, bearer: string, method: 'GET' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`http://127.0.0.1:${E2E.port}${path}`, {
    method,
    headers: {
      Host: new URL(E2E.institutionUrl).host,
      Authorization: `Bearer ${bearer}`,
      ...(data ? { 'Content-Type': 'application/json' } : {}),
    },
    data: data ? JSON.stringify(data) : undefined,
  })
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true)
  return ((await response.json()) as { payload: T }).payload
}

async function schoolId(page: Page, bearer: string): Promise<number> {
  const { results } = await api<{ results: { id: number }[] }>(page.request, bearer, 'GET', '/api/myschools/')
  return results[0]!.id
}

test('offline: a class and a student in it are created, then synced in order; the student is in the class', async ({ page, context }) => {
  await signedIn(page, SAMPLE_USERS.institutionAdmin)
  const bearer = await token(context)
  const school = await schoolId(page, bearer)

  // Online first, so the screens' lists are on the device: the students, the class choices, the class form.
  await page.goto('/student')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByLabel('Class', { exact: true }).getByRole('option', { name: 'Grade 1 A' })).toBeAttached()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Classes', exact: true }).click()
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByRole('group', { name: 'Teachers' }).getByRole('checkbox', { name: 'Layla Nasser' })).toBeChecked()

  await context.setOffline(true)
  await page.getByLabel('Identifier', { exact: true }).fill('3K')
  await page.getByLabel('Class name', { exact: true }).fill('Grade 3 Kit')
  await page.getByLabel('Grade', { exact: true }).selectOption({ label: 'Grade 1' })
  await page.getByRole('group', { name: 'Subjects' }).getByRole('checkbox', { name: 'English Reading' }).check()
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device. “Grade 3 Kit” will sync' })).toBeVisible()
  await expect(page.getByRole('row', { name: /Grade 3 Kit/ }).getByText('Pending sync')).toBeVisible()

  // The class waiting to sync is offered in the student form, marked pending.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Students', exact: true }).click()
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page.getByLabel('First name').fill('Nadia')
  await page.getByLabel('Last name').fill('Offline')
  await page.getByLabel('Arabic name').fill('نادية أوفلاين')
  await page.getByLabel('Enrollment code').fill('SMPL-30001')
  await page.getByLabel('Gender').selectOption({ label: 'Female' })
  await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Grade 3 Kit (pending sync)' })
  await page.getByRole('button', { name: 'Create' }).click()
  const studentRow = page.getByRole('row', { name: /Nadia Offline/ })
  await expect(studentRow.getByText('Pending sync')).toBeVisible()
  await expect(studentRow).toContainText('Grade 3 Kit')
  expect(await page.evaluate(() => navigator.onLine)).toBe(false)

  // Back online: the class goes first, then the student with the class's new id in place of the reference.
  await context.setOffline(false)
  await expect(page.getByRole('row', { name: /Nadia Offline/ }).getByText(/Pending sync|Sync failed/)).toHaveCount(0, { timeout: 30_000 })
  await expect(page.getByRole('row', { name: /Nadia Offline/ })).toContainText('Grade 3 Kit')

  const years = await api<{ results: { id: number; display_name: string }[] }>(page.request, bearer, 'GET', '/api/academic-year/')
  const year = years.results.find((y) => y.display_name === '2026-2027')!
  const classes = await api<{ results: { id: number; display_name: string }[] }>(
    page.request, bearer, 'GET', `/api/school/${school}/class/?display_name=Grade%203%20Kit`)
  expect(classes.results.map((c) => c.display_name)).toEqual(['Grade 3 Kit'])
  const students = await api<{ results: { first_name: string; class_name: string; class_relation: number[] }[] }>(
    page.request, bearer, 'GET', `/api/school/${school}/year/${year.id}/student/?first_name=Nadia`)
  const nadia = students.results.find((s) => s.first_name === 'Nadia')
  expect(nadia?.class_relation).toEqual([classes.results[0]!.id])
  expect(nadia?.class_name).toBe('Grade 3 Kit')
})

test('a stale edit of a grade opens the side-by-side conflict view and "Keep mine" saves', async ({ page, context }) => {
  await signedIn(page, SAMPLE_USERS.institutionAdmin)
  const bearer = await token(context)
  const school = await schoolId(page, bearer)

  await page.goto('/grade')
  await page.getByRole('button', { name: 'Edit Grade 2' }).click()
  await expect(page.getByRole('heading', { name: 'Edit grade' })).toBeVisible()
  const gradeId = Number(/\/grade\/(\d+)\/edit/.exec(page.url())![1])

  // Meanwhile someone else renames the grade (through the API, beside the page).
  const path = `/api/school/${school}/grade/${gradeId}/`
  const before = await api<{ identifier: string }>(page.request, bearer, 'GET', path)
  await api(page.request, bearer, 'PUT', path, { identifier: before.identifier, display_name: 'Grade 2 Server' })

  await page.getByLabel('Grade name').fill('Grade 2 Mine')
  await page.getByRole('button', { name: 'Save' }).click()

  const dialog = page.getByRole('dialog', { name: 'This record was changed by someone else' })
  await expect(dialog.getByRole('columnheader', { name: 'Your version' })).toBeVisible()
  await expect(dialog.getByRole('columnheader', { name: 'Current version' })).toBeVisible()
  const name = dialog.getByRole('row', { name: /Grade name/ })
  await expect(name).toContainText('Grade 2 Mine')
  await expect(name).toContainText('Grade 2 Server')
  await expect(name.getByText('Different')).toBeVisible()
  await expect(dialog.getByRole('row', { name: /Identifier/ }).getByText('Different')).toHaveCount(0)

  await dialog.getByRole('button', { name: 'Keep mine' }).click()
  await expect(dialog).toBeHidden()
  // Saved at once, or queued behind a replay already running on this device and sent right after.
  await expect(page).toHaveURL(/\/grade$/)
  await expect.poll(async () => (await api<{ display_name: string }>(page.request, bearer, 'GET', path)).display_name, { timeout: 30_000 })
    .toBe('Grade 2 Mine')
  await expect(page.getByRole('row', { name: /Grade 2 Mine/ })).toBeVisible({ timeout: 30_000 })
})
