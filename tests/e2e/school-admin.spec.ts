// Institution administration, part 1: schools (and the school selector), academic years (and the year
// selector), users with school mapping and the invitation mail, class copy between schools, and the school
// form in Arabic. Runs on the sample institution as its administrator, in order, on one fresh database.
import { expect, test } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { signedIn, switchLanguage, SAMPLE_USERS, ONLINE_ONLY } from './support/app'
import { call, login, SAMPLE_HOST } from './support/api'
import { newestMailTo } from './support/mail'

test.use(ONLINE_ONLY)

test.describe.configure({ mode: 'serial' })

const NEW_SCHOOL = { identifier: 'SUNRISE', name: 'Sunrise Secondary School', arabic: 'مدرسة الشروق الثانوية' }
const SOURCE_SCHOOL = 'Al Noor Primary School'
const NEW_USER = { first: 'Layla', last: 'Haddad', email: 'layla.haddad@sample.test' }

type Rows<T> = { results: T[] }

// A retry runs the file again from its first test on the same server (CI retries once). What an earlier try made is
// removed first, so each test meets the institution it was written for; on a first try there is nothing to remove.
test.beforeAll(async ({ request }) => {
  const token = await login(request, SAMPLE_HOST, SAMPLE_USERS.institutionAdmin, E2E.samplePassword)
  const get = <T>(path: string) => call<Rows<T>>(request, SAMPLE_HOST, 'GET', path, token).then((p) => p.results)
  const remove = (path: string) => call(request, SAMPLE_HOST, 'DELETE', path, token)
  for (const school of (await get<{ id: number; display_name: string }>('/api/myschools/')).filter((s) => s.display_name === NEW_SCHOOL.name)) {
    for (const copied of await get<{ id: number }>(`/api/school/${school.id}/all_classes/`)) await remove(`/api/school/${school.id}/class/${copied.id}/`)
    await remove(`/api/school/${school.id}/`)
  }
  for (const user of await get<{ id: number; email: string }>(`/api/user/?field=email&q=${encodeURIComponent(NEW_USER.email)}`)) {
    if (user.email === NEW_USER.email) await remove(`/api/user/${user.id}/`)
  }
  for (const year of (await get<{ id: number; display_name: string }>('/api/academic-year/')).filter((y) => y.display_name === '2027-2028')) {
    await remove(`/api/academic-year/${year.id}/`)
  }
})

test.beforeEach(async ({ page }) => {
  await signedIn(page, SAMPLE_USERS.institutionAdmin)
})

test('creates a school; the school selector then offers it', async ({ page }) => {
  // One school: no selector yet (spec §2 "only if more than one school").
  await expect(page.getByRole('combobox', { name: 'School', exact: true })).toHaveCount(0)
  await page.goto('/school')
  await expect(page.getByRole('cell', { name: SOURCE_SCHOOL, exact: true })).toBeVisible()
  // Al Noor has classes, so it cannot be deleted.
  await expect(page.getByRole('button', { name: `Delete ${SOURCE_SCHOOL}` })).toBeDisabled()

  await page.getByRole('button', { name: /^add$/i }).click()
  await expect(page).toHaveURL(/\/school\/add$/)
  const create = page.getByRole('button', { name: /^create$/i })
  await expect(create).toBeDisabled()
  await page.getByLabel('Identifier').fill(NEW_SCHOOL.identifier)
  await page.getByLabel('School name', { exact: true }).fill(NEW_SCHOOL.name)
  const arabicName = page.getByLabel('Arabic school name')
  await expect(arabicName).toHaveAttribute('dir', 'rtl')
  await arabicName.fill(NEW_SCHOOL.arabic)
  await page.getByLabel('Phone number').fill('+971 3 555 0200')
  await page.getByLabel('Country').selectOption({ label: 'United Arab Emirates' })
  await page.getByLabel('City').fill('Al Ain')
  await create.click()

  await expect(page).toHaveURL(/\/school$/)
  await expect(page.getByRole('status')).toContainText(`School “${NEW_SCHOOL.name}” was created.`)
  const row = page.getByRole('row', { name: new RegExp(NEW_SCHOOL.name) })
  await expect(row).toContainText('Al Ain')
  // A new school has no classes: it may be deleted.
  await expect(page.getByRole('button', { name: `Delete ${NEW_SCHOOL.name}` })).toBeEnabled()

  const selector = page.getByRole('combobox', { name: 'School', exact: true })
  await expect(selector).toBeVisible()
  await expect(selector.getByRole('option', { name: NEW_SCHOOL.name })).toHaveCount(1)
})

test('searches and sorts schools, and downloads the list as a named spreadsheet', async ({ page }) => {
  await page.goto('/school')
  await page.getByLabel('Search by').selectOption({ label: 'City' })
  await page.getByLabel('Search text').fill('ain')
  await page.getByLabel('Search text').press('Enter')
  await expect(page).toHaveURL(/field=city&q=ain/)
  await expect(page.getByRole('cell', { name: NEW_SCHOOL.name, exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: SOURCE_SCHOOL, exact: true })).toHaveCount(0)
  await page.getByLabel('Search by').selectOption({ label: 'All (clear search)' })
  const nameHeader = page.getByRole('columnheader', { name: 'School name', exact: true })
  await page.getByRole('button', { name: 'School name', exact: true }).click()
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
  await expect(page.getByRole('row').nth(1)).toContainText(SOURCE_SCHOOL)
  await page.getByRole('button', { name: 'School name', exact: true }).click()
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')
  await expect(page).toHaveURL(/ordering=-display_name/)
  await expect(page.getByRole('row').nth(1)).toContainText(NEW_SCHOOL.name)

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()])
  expect(download.suggestedFilename()).toBe('schools.xlsx')
})

test('creates academic year 2027-2028; the year selector then offers it', async ({ page }) => {
  await page.goto('/academic-year')
  await page.getByRole('button', { name: /^add$/i }).click()
  await expect(page).toHaveURL(/\/academic-year\/add$/)
  const name = page.getByRole('main').getByLabel('Academic year', { exact: true })
  await name.fill('2027-2029')
  await name.blur()
  await expect(page.getByText('Use the form 23-24 or 2023-2024.')).toBeVisible()
  await expect(page.getByRole('button', { name: /^create$/i })).toBeDisabled()
  await name.fill('2027-2028')
  await expect(page.getByRole('switch', { name: 'Active' })).toBeChecked()
  await page.getByRole('button', { name: /^create$/i }).click()

  await expect(page).toHaveURL(/\/academic-year$/)
  await expect(page.getByRole('row', { name: /2027-2028/ })).toContainText('Active')
  const years = page.getByRole('combobox', { name: 'Academic year', exact: true })
  await expect(years.getByRole('option', { name: '2027-2028' })).toHaveCount(1)
})

test('creates a teacher mapped to the new school; an invitation mail is written', async ({ page }) => {
  await page.goto('/user')
  await page.getByRole('button', { name: /^add$/i }).click()
  await expect(page).toHaveURL(/\/user\/add$/)
  await page.getByLabel('First name').fill(NEW_USER.first)
  await page.getByLabel('Last name').fill(NEW_USER.last)
  await page.getByLabel('Email').fill(NEW_USER.email)
  await page.getByLabel('Known languages').fill('English, Arabic')

  // No school table for an institution administrator; one for a teacher.
  await page.getByLabel('Role').selectOption({ label: 'Institution administrator' })
  await expect(page.getByRole('group', { name: 'Schools' })).toHaveCount(0)
  await page.getByLabel('Role').selectOption({ label: 'Teacher' })
  const schools = page.getByRole('group', { name: 'Schools' })
  await expect(schools).toBeVisible()
  await expect(page.getByRole('button', { name: /^create$/i })).toBeDisabled()
  await schools.getByRole('checkbox', { name: NEW_SCHOOL.name }).check()
  await expect(schools.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked()
  await page.getByRole('button', { name: /^create$/i }).click()

  await expect(page).toHaveURL(/\/user$/)
  await expect(page.getByRole('status')).toContainText(`An invitation email was sent to ${NEW_USER.email}`)
  const row = page.getByRole('row', { name: new RegExp(`${NEW_USER.first} ${NEW_USER.last}`) })
  await expect(row).toContainText('Teacher')
  await expect(row).toContainText(NEW_SCHOOL.name)

  expect(await newestMailTo(NEW_USER.email)).toContain(NEW_USER.email)

  // Edit: the mapped school is ticked (loaded from /api/user/{id}/school/).
  await row.getByRole('button', { name: `Edit ${NEW_USER.first} ${NEW_USER.last}` }).click()
  await expect(page.getByRole('group', { name: 'Schools' }).getByRole('checkbox', { name: NEW_SCHOOL.name })).toBeChecked()
  await expect(page.getByRole('group', { name: 'Schools' }).getByRole('checkbox', { name: SOURCE_SCHOOL })).not.toBeChecked()
  await expect(page.getByRole('button', { name: /^save$/i })).toBeEnabled()
})

test('copies class "Grade 1 A" from Al Noor to the new school', async ({ page }) => {
  await page.goto('/class-copy')
  await page.getByLabel('Source school').selectOption({ label: SOURCE_SCHOOL })
  await page.getByLabel('Destination school').selectOption({ label: SOURCE_SCHOOL })
  await expect(page.getByText('Choose two different schools.')).toBeVisible()
  await page.getByLabel('Destination school').selectOption({ label: NEW_SCHOOL.name })
  await expect(page.getByText('Choose two different schools.')).toHaveCount(0)

  const source = page.getByRole('listbox', { name: `Classes in ${SOURCE_SCHOOL}` })
  const chosen = page.getByRole('listbox', { name: 'Classes to copy' })
  // Keyboard: once the school's classes are listed (a user sees them first), focus the list, select the first
  // class with Space, move it with the Add button. Space on a list still loading selects nothing.
  await expect(source.getByRole('option', { name: 'Grade 1 A' })).toBeVisible()
  await source.focus()
  await page.keyboard.press('Space')
  await expect(source.getByRole('option', { name: 'Grade 1 A' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(chosen.getByRole('option', { name: 'Grade 1 A' })).toBeVisible()
  await expect(source.getByRole('option', { name: 'Grade 1 A' })).toHaveCount(0)

  await page.getByRole('button', { name: /^create$/i }).click()
  await expect(page.getByRole('status')).toContainText(`1 class was copied to ${NEW_SCHOOL.name}.`)
  await expect(chosen.getByRole('option')).toHaveCount(0)

  // The new school now lists the copied class.
  await page.getByLabel('Source school').selectOption({ label: NEW_SCHOOL.name })
  await expect(page.getByRole('listbox', { name: `Classes in ${NEW_SCHOOL.name}` }).getByRole('option', { name: 'Grade 1 A' })).toBeVisible()

  await page.getByRole('button', { name: /^cancel$/i }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('the school form in Arabic: right to left, Arabic labels', async ({ page }) => {
  await switchLanguage(page, 'العربية')
  await page.goto('/school/add')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { name: 'إضافة مدرسة' })).toBeVisible()
  await expect(page.getByLabel('المعرّف')).toBeVisible()
  await expect(page.getByLabel('اسم المدرسة', { exact: true })).toBeVisible()
  await expect(page.getByLabel('اسم المدرسة بالعربية')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('group', { name: 'العنوان' })).toBeVisible()
  // Countries are named in Arabic.
  await expect(page.getByLabel('الدولة').getByRole('option', { name: 'الإمارات العربية المتحدة' })).toHaveCount(1)
  await page.getByLabel('المعرّف').fill('AB')
  await page.getByLabel('المعرّف').blur()
  await expect(page.getByText('أدخل 4 أحرف على الأقل.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'إنشاء' })).toBeDisabled()
  await page.getByRole('button', { name: 'إلغاء' }).click()
  await expect(page).toHaveURL(/\/school$/)
  await switchLanguage(page, 'English')
})
