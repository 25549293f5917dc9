// Institutions and licences on the platform host: a platform admin creates an institution together with
// its administrator, adds a licence, sees the licence status upper-cased in the list, edits the
// institution (sub-domain read-only), checks the form in Arabic, and the new administrator uses the
// invitation mail (written under DATA_DIR/mail) to set a password and sign in on the new host.
import { expect, test } from '@playwright/test'
import { invitationLink } from './support/mail'
import type { Page } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { signedIn, ONLINE_ONLY } from './support/app'

test.use(ONLINE_ONLY)

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
const sub = `e2e${suffix}`.toLowerCase()
const orgName = `E2E Academy ${suffix}`
const adminEmail = `head.${sub}@example.test`
const newPassword = 'Fresh$1pass'

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)
}

async function findInstitutionRow(page: Page) {
  await page.goto(`${E2E.platformUrl}/institution`)
  await page.getByLabel('Search by').selectOption('subdomain_name')
  await page.getByLabel('Search text').fill(sub)
  await page.getByLabel('Search text').press('Enter')
  const row = page.getByRole('row').filter({ hasText: orgName })
  await expect(row).toBeVisible()
  return row
}

test('a platform admin creates an institution with its admin and a licence; the admin signs in on the new host', async ({ page }) => {
  await signedIn(page, 'admin', { password: E2E.adminPassword, baseUrl: E2E.platformUrl, path: '/institution' })

  // --- Create the institution with its administrator (one POST /api/client/).
  await expect(page.getByRole('heading', { level: 1, name: 'Institutions' })).toBeVisible()
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page).toHaveURL(/\/institution\/add$/)
  const create = page.getByRole('button', { name: 'Create' })
  await expect(create).toBeDisabled()

  await page.getByLabel('Organization name').fill(orgName)
  await page.getByLabel('Sub-domain').fill(sub)
  const acronym = page.getByLabel('Acronym')
  await acronym.pressSequentially('e2e')
  await acronym.blur()
  await expect(page.getByText('Acronym must contain only uppercase letters')).toBeVisible()
  await acronym.fill('')
  await acronym.pressSequentially('eta')
  await expect(acronym).toHaveValue('ETA')
  await expect(page.getByText('Acronym must contain only uppercase letters')).toHaveCount(0)
  await page.getByLabel('Country').selectOption('AE')
  await page.getByLabel('City').fill('Abu Dhabi')

  const type = page.getByLabel('Validation type')
  await expect(type).toHaveValue('EMIRATES_ID_OR_TEMPORARY')
  await expect(page.getByLabel('Custom pattern (regular expression)')).toHaveCount(0)
  await type.selectOption('CUSTOM_REGEX')
  await expect(page.getByLabel('Custom pattern (regular expression)')).toBeVisible()
  await type.selectOption('EMIRATES_ID_OR_TEMPORARY')
  await expect(page.getByLabel('Custom pattern (regular expression)')).toHaveCount(0)

  await page.getByLabel('First name').fill('Huda')
  await page.getByLabel('Last name').fill('Rahman')
  await page.getByLabel('Email').fill(adminEmail)
  await page.getByLabel('Phone number').fill('+971 50 123 4567')
  await expect(create).toBeEnabled()
  await create.click()
  await expect(page).toHaveURL(/\/institution$/)
  await expect(page.getByText(`Institution “${orgName}” was created.`, { exact: false })).toBeVisible()

  // --- Its licence column is upper-cased and links to its licences.
  let row = await findInstitutionRow(page)
  await expect(row.getByRole('link', { name: /NONE/ })).toHaveText('NONE')
  await row.getByRole('link', { name: /NONE/ }).click()
  await expect(page).toHaveURL(/\/institution\/\d+\/license$/)
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(breadcrumb).toHaveText(/Institutions.*Licences/)
  await expect(breadcrumb).not.toHaveText(/\d/)
  await expect(page.locator('main p').filter({ hasText: orgName })).toBeVisible()
  await expect(page.getByText('No records yet.')).toBeVisible()

  // --- Add a licence covering today.
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page).toHaveURL(/\/license\/add$/)
  await expect(page.getByLabel('Used places')).toHaveCount(0)
  await page.getByLabel('From date').fill(isoDay(-30))
  await page.getByLabel('To date').fill(isoDay(-31))
  await page.getByLabel('To date').blur()
  await expect(page.getByText('The end date must not be before the start date.')).toBeVisible()
  await page.getByLabel('To date').fill(isoDay(365))
  await page.getByLabel('Purchased places').fill('120')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/institution\/\d+\/license$/)
  const licenceRow = page.getByRole('row').filter({ hasText: isoDay(-30) })
  await expect(licenceRow).toContainText('120')
  await expect(licenceRow).toContainText('Active')

  // --- Edit it: used places shown read-only.
  await licenceRow.getByRole('button', { name: /^Edit / }).click()
  await expect(page).toHaveURL(/\/license\/\d+\/edit$/)
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Institutions.*Licences.*Edit/)
  await expect(page.getByLabel('Used places')).toHaveValue('0')
  await expect(page.getByLabel('Used places')).not.toBeEditable()
  await page.getByLabel('Purchased places').fill('150')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('row').filter({ hasText: isoDay(-30) })).toContainText('150')

  // --- The list now shows ACTIVE, upper-cased.
  row = await findInstitutionRow(page)
  await expect(row.getByRole('link', { name: /ACTIVE/ })).toHaveText('ACTIVE')

  // --- Edit the institution: sub-domain read-only, admin shown.
  await row.getByRole('button', { name: `Edit ${orgName}` }).click()
  await expect(page).toHaveURL(/\/institution\/\d+\/edit$/)
  const subdomain = page.getByLabel('Sub-domain')
  await expect(subdomain).toHaveValue(sub)
  await expect(subdomain).not.toBeEditable()
  await expect(page.getByLabel('Email')).toHaveValue(adminEmail)
  await expect(page.getByLabel('Country')).toHaveValue('AE')
  await page.getByLabel('City').fill('Al Ain')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/institution$/)
  await expect(page.getByText(`Institution “${orgName}” was saved.`)).toBeVisible()

  // --- Arabic pass on the institution form.
  row = await findInstitutionRow(page)
  await row.getByRole('button', { name: `Edit ${orgName}` }).click()
  await expect(page.getByLabel('City')).toHaveValue('Al Ain')
  await page.getByRole('button', { name: /^Language:/ }).click()
  await page.getByRole('option', { name: 'العربية' }).click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
  await expect(page.getByLabel('اسم المؤسسة')).toHaveValue(orgName)
  await expect(page.getByLabel('النطاق الفرعي')).not.toBeEditable()
  await expect(page.getByText('بيانات الحساب')).toBeVisible()
  await expect(page.getByLabel('الدولة')).toHaveValue('AE')
  await expect(page.getByLabel('الدولة').locator('option:checked')).toHaveText('الإمارات العربية المتحدة')
  await expect(page.getByRole('button', { name: 'حفظ' })).toBeEnabled()
  await page.getByRole('button', { name: 'إلغاء' }).click()
  await expect(page).toHaveURL(/\/institution$/)
  await expect(page.getByRole('heading', { level: 1, name: 'المؤسسات' })).toBeVisible()
  await page.getByRole('button', { name: /^اللغة/ }).click()
  await page.getByRole('option', { name: 'English' }).click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')

  // --- The new administrator's invitation: set a password on the new host and sign in there.
  const link = new URL(await invitationLink(adminEmail.replace(/[^a-z0-9@._-]/gi, '_')))
  const host = `http://${sub}.localhost:${E2E.port}`
  await page.goto(`${host}${link.pathname}`)
  await page.getByLabel('New password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm new password').fill(newPassword)
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Username or email').fill(adminEmail)
  await page.getByLabel('Password', { exact: true }).fill(newPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).not.toHaveURL(/\/login$/)
  await expect(page.getByRole('banner').getByText('Welcome, Huda')).toBeVisible()
  expect(new URL(page.url()).host).toBe(`${sub}.localhost:${E2E.port}`)
})

test('the institution selector of a platform admin reloads the app at the chosen institution’s host', async ({ page }) => {
  await signedIn(page, 'admin', { password: E2E.adminPassword, baseUrl: E2E.platformUrl, path: '/institution' })
  const selector = page.getByLabel('Institution', { exact: true }).first()
  await expect(selector).toBeVisible()
  await expect(selector.locator('option:checked')).toHaveText('Select institution')
  await selector.selectOption('sample')
  await page.waitForURL(`${E2E.institutionUrl}/**`)
  expect(new URL(page.url()).host).toBe(`sample.localhost:${E2E.port}`)
})
