// The reports screen as the specs drive it.
import type { Page } from '@playwright/test'

/** The sample sittings are in 2026-2027. school-admin.spec adds 2027-2028 to the sample school, and a spec that
 *  runs after it on the same server would otherwise read the newer, empty year. `label` names the select in the
 *  page's language. */
export async function chooseSampleYear(page: Page, label = 'Academic year') {
  const year = page.getByRole('main').getByLabel(label, { exact: true })
  if (await year.isVisible()) await year.selectOption({ label: '2026-2027' })
}

/** The rows of the accuracy list of Grade 1 A's common miscue report for one passage, in the page's language (`L`). */
export async function accuracyRows(page: Page, L: (s: string) => string, title: string) {
  await page.goto('/report')
  await page.getByLabel(L('Report type')).selectOption({ label: L('Common miscue report') })
  await chooseSampleYear(page, L('Academic year'))
  await page.getByLabel(L('Class'), { exact: true }).selectOption({ label: 'Grade 1 A' })
  await page.getByLabel(L('Assessment'), { exact: true }).selectOption({ label: title })
  return page.getByRole('region', { name: L('Miscue accuracy') }).getByRole('row').filter({ hasText: title })
}
