// The class benchmark view (issue 26): a coach (the school administrator) opens it from the reports, sees the
// distribution of risk levels with its table and the students who need attention first, opens a student; the
// same after a reload offline; axe in both languages; Arabic-Indic digits in Arabic when the institution says so.
// Data: the sample class "Grade 1 A" (grade 1) has seeded beginning-of-year sittings; the teacher records one more
// for Sara on 29 November with most words missed (2 words correct per minute: well below DIBELS 8's 5 for grade 1).
import { expect, test } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { expectAccessible } from './support/axe'
import { savedOnDevice, serviceWorkerReady, signedIn, SAMPLE_USERS, switchLanguage } from './support/app'
import { addPassage, call, login, SAMPLE_HOST, sampleClass } from './support/api'

test.describe.configure({ mode: 'serial' })
test.setTimeout(180_000)

test.beforeAll(async ({ request }) => {
  const passage = await addPassage(request, { title: 'Benchmark hen', content: 'The little red hen found a grain of wheat in the yard today', language: 'en', minutes: 1 })
  const teacher = await login(request, SAMPLE_HOST, SAMPLE_USERS.teacher, E2E.samplePassword)
  const { year, cls, kid } = await sampleClass(request, teacher, 'Grade 1 A')
  await call(request, SAMPLE_HOST, 'POST', '/api/sitting/', teacher, {
    student: kid('Sara'), assessment: passage, class: cls.id, academic_year: year.id, created_in_device_at: '2026-11-29T09:00:00+03:00', duration: 60,
    marks: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((word_index) => ({ word_index, miscue: 'omission' })),
  })
  const admin = await login(request, SAMPLE_HOST, SAMPLE_USERS.institutionAdmin, E2E.samplePassword)
  const settings = await call<{ seasons: unknown; tables: unknown; updated_at: string | null }>(request, SAMPLE_HOST, 'GET', '/api/benchmark/', admin)
  await call(request, SAMPLE_HOST, 'PUT', '/api/benchmark/', admin, { seasons: settings.seasons, tables: settings.tables, digits: 'arab', ...(settings.updated_at ? { updated_at: settings.updated_at } : {}) })
})

test('a coach opens the class benchmark view, sees the distribution and who needs attention, opens a student; the same offline; Arabic digits in Arabic', async ({ page, context }) => {
  await signedIn(page, SAMPLE_USERS.schoolAdmin)
  await serviceWorkerReady(page)
  await page.getByRole('link', { name: 'Reports' }).click()
  await page.getByRole('link', { name: 'Benchmarks' }).click()
  // The Reports screen stays up while the benchmark view's code loads: its own "Class" must not be the one chosen.
  await expect(page.getByRole('heading', { name: 'Benchmarks', level: 2 })).toBeVisible()
  await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Grade 1 A' })
  await page.getByLabel('Season').selectOption({ label: 'Beginning of year' })
  await expect(page).toHaveURL(/\/report\/benchmark\?class=\d+&season=boy/)

  const distribution = page.getByRole('table', { name: 'Students by risk level' })
  await expect(page.getByTestId('distribution-bar')).toBeVisible()
  await expect(distribution.getByRole('row', { name: /Well below benchmark/ })).toBeVisible()
  await expect(page.getByText('DIBELS 8th Edition benchmark goals', { exact: false })).toBeVisible()
  const attention = page.getByRole('region', { name: 'Students who need attention first' })
  const sarasRow = attention.getByRole('row').filter({ hasText: 'Sara Ahmed' })
  await expect(sarasRow).toContainText('Well below benchmark')
  await expectAccessible(page, 'benchmark view (en)')
  const viewUrl = page.url()

  await sarasRow.getByRole('link', { name: 'Sara Ahmed' }).click()
  await expect(page).toHaveURL(/\/report\/\d+\/student$/)
  await expect(page.getByRole('heading', { name: 'Sara Ahmed' })).toBeVisible()
  await page.goBack()
  await expect(sarasRow).toBeVisible()
  await savedOnDevice(page)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('table', { name: 'Students by risk level' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Students who need attention first' }).getByRole('link', { name: 'Sara Ahmed' })).toBeVisible()
  await expect(page.getByTestId('kept-time')).toContainText('Saved on this device')
  expect(page.url()).toBe(viewUrl)
  await context.setOffline(false)

  await switchLanguage(page, 'العربية')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  const arabicTable = page.getByRole('table', { name: 'الطلاب حسب مستوى الخطر' })
  await expect(arabicTable.getByRole('row', { name: /دون المعيار بكثير/ })).toBeVisible()
  // Counts in Arabic-Indic digits, none in Latin ones.
  await expect(arabicTable.locator('td').first()).toHaveText(/^[٠-٩]+$/)
  await expect(page.getByRole('region', { name: 'الطلاب الذين يحتاجون إلى متابعة أولًا' }).getByRole('link', { name: 'سارة أحمد' })).toBeVisible()
  await expectAccessible(page, 'benchmark view (ar)')
})
