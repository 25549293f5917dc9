// The reports screen as the specs drive it.
import type { Page } from '@playwright/test'

/** The sample sittings are in 2026-2027. school-admin.spec adds 2027-2028 to the sample school, and a spec that
 *  runs after it on the same server would otherwise read the newer, empty year. `label` names the select in the
 *  page's language. */
export async function chooseSampleYear(page: Page, label = 'Academic year') {
  const year = page.getByRole('main').getByLabel(label, { exact: true })
  if (await year.isVisible()) await year.selectOption({ label: '2026-2027' })
}
