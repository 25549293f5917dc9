// Points of the specification checked in the browser (issue 13, docs/spec-points.md): the top bar on a phone
// (logo, welcome note) in English and Arabic, the landing redirect, the institution_url cookie, school
// selection driven by has_multiple_school, Download on the institution and user lists, the user search by
// last name and role, the library entry pages and the assessment title hint.
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { SAMPLE_USERS, signedIn, signIn, switchLanguage, ONLINE_ONLY } from './support/app'

test.use(ONLINE_ONLY)

// Each test signs in and walks several screens: generous on a busy machine.
test.describe.configure({ timeout: 180_000 })

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`

/** The bearer token of the signed-in user on this page's host (cookie auth_info). */
async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies(page.url())).find((c) => c.name === 'auth_info')
  return (JSON.parse(decodeURIComponent(cookie!.value)) as { access_token: string }).access_token
}

/** A real API call made by the browser from the page's host with the page's sign-in (Node cannot resolve *.localhost). */
async function api(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const token = await tokenOf(page)
  const answer = await page.evaluate(async ({ method, path, data, token }) => {
    const res = await fetch(path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(data === undefined ? {} : { 'content-type': 'application/json' }) },
      body: data === undefined ? undefined : JSON.stringify(data),
    })
    return { status: res.status, text: await res.text() }
  }, { method, path, data, token })
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300)
  return JSON.parse(answer.text).payload
}

/** Saving an institution mails its admin: slow on a busy machine. */
const slowExpect = expect.configure({ timeout: 45_000 })

test('on a phone the top bar shows the logo and the welcome note, in English and Arabic; the root lands on the landing URL and institution_url is written', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  // The sign-in page carries the two app-store badges (spec §2).
  await page.goto('/login')
  await expect(page.getByRole('link', { name: 'Download on the App Store' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible()
  await signIn(page, SAMPLE_USERS.institutionAdmin)
  // Footer with the date and the copyright year.
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Miscue`)
  const bar = page.getByRole('banner')
  await expect(bar.getByRole('link', { name: 'Miscue home' })).toBeVisible()
  await expect(bar.getByText('Welcome, Mariam')).toBeVisible()
  // The sidebar is hidden on a phone: the logo is not only there.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0)

  // Landing: the root goes to the configured landing URL (/dashboard), which this user may open.
  await page.goto('/')
  await expect(page).toHaveURL(/\/dashboard$/)

  const cookie = (await page.context().cookies(E2E.institutionUrl)).find((c) => c.name === 'institution_url')
  expect(cookie && decodeURIComponent(cookie.value)).toBe(E2E.institutionUrl)
  expect(cookie?.path).toBe('/')

  await switchLanguage(page, 'العربية')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(bar.getByRole('link', { name: 'الصفحة الرئيسية لـ Miscue' })).toBeVisible()
  await expect(bar.getByText('مرحبًا، Mariam')).toBeVisible()
  await switchLanguage(page, 'English')
})

// Fails in the full browser run (the selector is not found after the second institution's sign-in) while it
// passed alone; the rule itself is covered by selector-visibility.test.ts and the institutions API tests.
// Open point in the issue-13 note: find the order dependence and re-enable.
test('has_multiple_school chosen on the institution form decides whether a school selector is offered', async ({ page }) => {
  const single = { sub: `single${suffix}`.toLowerCase(), name: `Single School ${suffix}` }
  const multi = { sub: `multi${suffix}`.toLowerCase(), name: `Multi School ${suffix}` }
  await signedIn(page, 'admin', { password: E2E.adminPassword, baseUrl: E2E.platformUrl, path: '/institution/add' })

  // The form: the switch is on by default; turned off for a single-school institution.
  await page.getByLabel('Organization name').fill(single.name)
  await page.getByLabel('Sub-domain').fill(single.sub)
  await page.getByLabel('Acronym').fill('SGL')
  await page.getByLabel('Country').selectOption('AE')
  await page.getByLabel('First name').fill('Huda')
  await page.getByLabel('Last name').fill('Karim')
  await page.getByLabel('Email').fill(`head@${single.sub}.test`)
  const several = page.getByRole('switch', { name: 'Several schools' })
  await expect(several).toBeChecked()
  await several.click()
  await expect(several).not.toBeChecked()
  await page.getByRole('button', { name: 'Create' }).click()
  await slowExpect(page).toHaveURL(/\/institution$/)

  // The list's Download gives the institutions as a named spreadsheet.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()])
  expect(download.suggestedFilename()).toBe('institutions.xlsx')

  // A second institution through the API, with the default (several schools).
  await api(page, 'POST', '/api/client/', {
    organization_name: multi.name, subdomain_name: multi.sub, acronym: 'MLT', address: { country: 'AE' },
    admin: { first_name: 'Omar', last_name: 'Haddad', email: `head@${multi.sub}.test`, userprofile: { phone_number: '' } },
  })

  for (const [institution, offered] of [[single, false], [multi, true]] as const) {
    const host = `http://${institution.sub}.localhost:${E2E.port}`
    await signedIn(page, 'admin', { password: E2E.adminPassword, baseUrl: host })
    for (const n of [1, 2]) {
      await api(page, 'POST', '/api/school/', {
        identifier: `SCH${n}X`, display_name: `School number ${n}`, arabic_display_name: `المدرسة رقم ${n}`, school_address: { country: 'AE' },
      })
    }
    await page.goto(`${host}/school`)
    await expect(page.getByRole('cell', { name: 'School number 2', exact: true })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('combobox', { name: 'School', exact: true })).toHaveCount(offered ? 1 : 0)
  }
})

test('the user list searches by last name and by role, and downloads the users', async ({ page }) => {
  await signedIn(page, SAMPLE_USERS.institutionAdmin, { path: '/user' })
  await page.getByLabel('Search by').selectOption({ label: 'Last name' })
  await page.getByLabel('Search text').fill('Nasser')
  await page.getByLabel('Search text').press('Enter')
  await expect(page).toHaveURL(/field=last_name&q=Nasser/)
  await expect(page.getByRole('cell', { name: 'Layla Nasser', exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Yusuf Saleh', exact: true })).toHaveCount(0)

  await page.getByLabel('Search by').selectOption({ label: 'Role' })
  await page.getByLabel('Search text').fill('Viewer')
  await page.getByLabel('Search text').press('Enter')
  await expect(page.getByRole('cell', { name: 'Yusuf Saleh', exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Layla Nasser', exact: true })).toHaveCount(0)

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()])
  expect(download.suggestedFilename()).toBe('users.xlsx')
})

test('library entries have their own add and edit pages that return to the library list; the title hint', async ({ page }) => {
  await signedIn(page, 'admin', { password: E2E.adminPassword, baseUrl: E2E.platformUrl })
  const library = await api(page, 'POST', '/api/assessmentlibrary/', { display_name: `Entries ${suffix}`, isReport: false, isGlobal: false, switches: '' })
  const entry = await api(page, 'POST', '/api/assessmentlibraryentry/', {
    assessment_library: library.id, display_name: 'Phonics check', inParentReport: false, description: '', assessments: [],
  })

  await page.goto(`${E2E.platformUrl}/assessment-library-entry/${entry.id}/edit`)
  await expect(page.getByRole('heading', { name: 'Edit entry' })).toBeVisible()
  await expect(page.getByLabel('Entry name')).toHaveValue('Phonics check')
  await page.getByLabel('Entry name').fill('Phonics check, term 1')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/assessment-library$/)
  expect((await api(page, 'GET', `/api/assessmentlibraryentry/${entry.id}/`)).display_name).toBe('Phonics check, term 1')

  // Without the library it belongs to, the add page says where to start.
  await page.goto(`${E2E.platformUrl}/assessment-library-entry/add`)
  await expect(page.getByRole('alert')).toContainText('Choose the library first')
  await page.getByRole('link', { name: 'Go to the assessment libraries' }).click()
  await expect(page).toHaveURL(/\/assessment-library$/)

  // The assessment title hint, with the spec's two parameters.
  await page.goto(`${E2E.platformUrl}/assessment/add`)
  await expect(page.getByText('At least 1 word and 4 characters.')).toBeVisible()
})
