// The teacher's reports on a bad connection (issue 8): the class report (pie and accuracy list), a sitting
// report, both still readable offline after a reload, downloads refused offline, and report emails — one
// online, one requested offline that waits in the outbox — arriving as mail with the .xlsx attached.
// Data: the platform admin gives the sample institution an English passage and a report library; the teacher
// records three sittings for "Grade 1 A" through POST /api/sitting/ (as a tablet would).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { addSignIn, SAMPLE_USERS, serviceWorkerReady, signedIn } from './support/app'
import { addPassage, call, login, PLATFORM_HOST, SAMPLE_HOST, sampleClass } from './support/api'
import { chooseSampleYear } from './support/report-page'

test.describe.configure({ mode: 'serial' })
/** Rows of the class's accuracy list (every sitting of the class this year: seeded ones too), from the API. */
let accuracyRows = 0
// Each test walks several screens online and offline on a shared, busy machine.
test.setTimeout(180_000)

const TEXT = 'The little red hen found a grain of wheat in the yard today'
// A title of each run's own: a retry seeds its own three sittings, and the report is narrowed to them alone.
const TITLE = `The red hen ${Date.now().toString(36)}`
const mailDir = join(E2E.dataDir, 'mail')

let libraryName = ''

test.beforeAll(async ({ request }) => {
  const assessment = { id: await addPassage(request, { title: TITLE, content: TEXT, language: 'en', minutes: 2 }) }
  const admin = await login(request, PLATFORM_HOST, 'admin', E2E.adminPassword)
  libraryName = 'Term reading bundle'
  const library = await call<{ id: number }>(request, PLATFORM_HOST, 'POST', '/api/assessmentlibrary/', admin,
    { display_name: libraryName, isReport: true, isGlobal: true, switches: 'enableParentReport' })
  await call(request, PLATFORM_HOST, 'POST', '/api/assessmentlibraryentry/', admin,
    { display_name: 'Red hen passage', inParentReport: true, description: 'A short story', assessments: [assessment.id], assessment_library: library.id })

  const teacher = await login(request, SAMPLE_HOST, 'teacher@sample.test', E2E.samplePassword)
  const { school, year, cls, kid } = await sampleClass(request, teacher, 'Grade 1 A')
  const sitting = (student: number, day: string, marks: { word_index: number; miscue: string; self_corrected?: boolean }[]) =>
    call(request, SAMPLE_HOST, 'POST', '/api/sitting/', teacher, {
      student, assessment: assessment.id, class: cls.id, academic_year: year.id,
      created_in_device_at: `${day}T09:00:00+03:00`, duration: 60, marks, notes: 'Read with expression',
    })
  await sitting(kid('Sara'), '2026-10-05', [{ word_index: 2, miscue: 'omission' }, { word_index: 5, miscue: 'substitution' }])
  await sitting(kid('Khalid'), '2026-10-06', [{ word_index: 1, miscue: 'omission' }, { word_index: 7, miscue: 'self_correction' }])
  await sitting(kid('Noor'), '2026-10-07', [])
  accuracyRows = (await call<{ count: number }>(request, SAMPLE_HOST, 'GET',
    `/api/miscue_accuracy/school/${school!.id}/class/${cls.id}/year/${year.id}/`, teacher)).count
})

function mails(): string[] {
  try {
    return readdirSync(mailDir).filter((f) => f.endsWith('.eml')).map((f) => readFileSync(join(mailDir, f), 'utf8'))
  } catch {
    return []
  }
}

/** Signed in as the teacher, the common miscue report of Grade 1 A with all its rows shown: its address. */
async function commonReportOfTheClass(page: Page): Promise<string> {
  await signedIn(page, SAMPLE_USERS.teacher)
  await page.getByRole('link', { name: 'Reports' }).click()
  await page.getByLabel('Report type').selectOption({ label: 'Common miscue report' })
  await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Grade 1 A' })
  await expect(page).toHaveURL(/class=\d+/)
  await expect(page.getByRole('region', { name: 'Miscue accuracy' }).getByRole('row')).toHaveCount(accuracyRows + 1)
  return page.url()
}

// The sample class also has seeded sittings of other assessments: choosing this file's assessment narrows the
// report to its three sittings, whose figures are worked out by hand above.
test('a teacher reads the class report and a sitting report, then both still open offline after a reload', async ({ page, context }) => {
  await signedIn(page, SAMPLE_USERS.teacher)
  await serviceWorkerReady(page)
  await page.getByRole('link', { name: 'Reports' }).click()
  await page.getByLabel('Report type').selectOption({ label: 'Common miscue report' })
  await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Grade 1 A' })
  await page.getByLabel('Assessment', { exact: true }).selectOption({ label: TITLE })

  // The summary card: totals, the pie and its text alternative.
  const summary = page.getByRole('region', { name: 'Common miscue summary' })
  // Students with at least one sitting of this assessment (domain.md), not the class size.
  await expect(summary.getByText('Total students').locator('xpath=following-sibling::dd')).toHaveText('3')
  await expect(summary.getByText('Total tests').locator('xpath=following-sibling::dd')).toHaveText('3')
  await expect(summary.getByTestId('pie-chart')).toBeVisible()
  await expect(summary.getByRole('table', { name: 'Share of each miscue type' }).getByRole('row', { name: /Omission/ })).toContainText('50%')

  // The accuracy list: one row per sitting of the class this year (and the header); a row opens the sitting report.
  const list = page.getByRole('region', { name: 'Miscue accuracy' })
  const sarasRow = list.getByRole('row').filter({ hasText: TITLE }).filter({ hasText: 'Sara Ahmed' })
  await expect(list.getByRole('row')).toHaveCount(accuracyRows + 1)
  await sarasRow.getByRole('link', { name: 'Sara Ahmed' }).click()
  await expect(page).toHaveURL(/\/report\/\d+\/student\/\d+$/)
  const sittingUrl = page.url()
  await expect(page.getByRole('heading', { name: 'Sara Ahmed' })).toBeVisible()
  await expect(page.getByTestId('sitting-content')).toContainText('little red hen')
  await expect(page.getByRole('table', { name: /Of 13 words/ })).toBeVisible()
  await page.goBack()
  await expect(list.getByRole('row')).toHaveCount(accuracyRows + 1)
  const reportUrl = page.url()

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('region', { name: 'Common miscue summary' }).getByTestId('pie-chart')).toBeVisible()
  await expect(sarasRow.getByRole('link', { name: 'Sara Ahmed' })).toBeVisible()
  await expect(page.getByTestId('kept-time').first()).toContainText('Saved on this device')
  expect(page.url()).toBe(reportUrl)

  await page.goto(sittingUrl)
  await expect(page.getByTestId('sitting-content')).toContainText('little red hen')
  await expect(page.getByTestId('kept-time')).toContainText('Saved on this device')
  await context.setOffline(false)
})

test('a class report opened by its address asks for the shell\'s profile, schools and years together before the app has loaded, then the report\'s own calls, each once, and for the whole accuracy list in one call', async ({ page }) => {
  const reportUrl = await commonReportOfTheClass(page)
  const list = page.getByRole('region', { name: 'Miscue accuracy' })

  // A fresh start of the app at that address, as a teacher opening a saved link does.
  const events: string[] = []
  const shellCall = /\/api\/(myprofile|myschools|academic-year)\/$/
  page.on('request', (r) => { if (r.url().includes('/api/')) events.push(`request ${new URL(r.url()).pathname}${new URL(r.url()).search}`) })
  page.on('response', (r) => { if (shellCall.test(new URL(r.url()).pathname)) events.push(`answer ${new URL(r.url()).pathname}`) })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  const priorities = new Map<string, string>()
  cdp.on('Network.requestWillBeSent', (e) => { priorities.set(new URL(e.request.url).pathname, e.request.initialPriority) })
  await page.goto(reportUrl)
  await expect(list.getByRole('row')).toHaveCount(accuracyRows + 1)
  // lang-dir.js, which sends those calls, is asked for among the first files, not last as a deferred script
  // would be: on HTTP/2 the calls then leave before the app's largest files have arrived (ADR 0111).
  expect(priorities.get('/lang-dir.js')).toBe('High')

  // The three shell calls all leave before the first of them is answered (not one after another).
  const firstAnswer = events.findIndex((e) => e.startsWith('answer '))
  const shellRequests = events.map((e, i) => [e, i] as const).filter(([e]) => e.startsWith('request ') && shellCall.test(e.slice(8)))
  expect(shellRequests.map(([e]) => e).sort()).toEqual(['request /api/academic-year/', 'request /api/myprofile/', 'request /api/myschools/'])
  expect(shellRequests.every(([, i]) => i < firstAnswer)).toBe(true)
  // They went out from public/lang-dir.js, before the app's code had run, and the app took each answer
  // instead of asking again: each call above was made once, and none is left untaken (ADR 0109).
  // (A taken answer is marked null.)
  expect(await page.evaluate(() => Object.entries((window as { miscueEarlyAnswers?: object }).miscueEarlyAnswers ?? { none: true }).filter(([, kept]) => kept).map(([path]) => path))).toEqual([])
  // The report's own calls went out once each (ADR 0110): from lang-dir.js once the school was known, the app
  // taking the answers; or, when the app's code (here from the browser's cache) ran first, from the app, and
  // lang-dir.js then did not ask again.
  const reportCalls = [/^request \/api\/report_type\/$/, /^request \/api\/school\/\d+\/all_classes\/$/, /^request \/api\/class\/\d+\/year\/\d+\/assessment\/$/,
    /^request \/api\/miscue_accuracy\/school\/\d+\/class\/\d+\/year\/\d+\/\?page=all$/, /^request \/api\/miscue_report\/school\/\d+\/class\/\d+\/year\/\d+\/assessment\/0\/$/]
  for (const call of reportCalls) expect(events.filter((e) => call.test(e)), String(call)).toHaveLength(1)
  // Every row of the accuracy list comes in one call, not a call per page.
  const accuracyCalls = events.filter((e) => e.startsWith('request /api/miscue_accuracy/'))
  expect(accuracyCalls).toHaveLength(1)
  expect(accuracyCalls[0]).toMatch(/\?page=all$/)
})

// ADR 0108: a class report opened by its address on a fresh profile starts with the messages of the app's
// start and of the report only, in the chosen language; the next screen waits for the whole catalog.
for (const [language, names] of [
  ['en', { accuracy: 'Miscue accuracy', reportType: 'Report type', menu: 'Main menu', classes: 'Classes', className: 'Class name' }],
  ['ar', { accuracy: 'دقة القراءة', reportType: 'نوع التقرير', menu: 'القائمة الرئيسية', classes: 'الفصول', className: 'اسم الفصل' }],
] as const) {
  test(`a class report opened by its address on a fresh profile starts with its own messages only (${language}), and the next screen has them all`, async ({ page, browser }) => {
    const reportUrl = await commonReportOfTheClass(page)

    const fresh = await browser.newContext()
    await addSignIn(fresh, SAMPLE_USERS.teacher)
    await fresh.addInitScript((lang) => localStorage.setItem('language', lang), language)
    const visit = await fresh.newPage()
    const scripts: string[] = []
    visit.on('request', (request) => {
      if (request.resourceType() === 'script' && !request.serviceWorker()) scripts.push(new URL(request.url()).pathname)
    })
    await visit.goto(reportUrl)
    await expect(visit.getByRole('region', { name: names.accuracy }).getByRole('row')).toHaveCount(accuracyRows + 1)
    await expect(visit.getByLabel(names.reportType)).toBeVisible()
    await expect(visit.getByRole('navigation', { name: names.menu }).getByRole('link', { name: names.classes, exact: true })).toBeVisible()
    await visit.waitForLoadState('networkidle')
    expect(scripts).toContainEqual(expect.stringMatching(new RegExp(`^/assets/report-messages-${language}-`)))
    expect(scripts.filter((s) => /^\/assets\/messages-/.test(s))).toEqual([])

    // Another screen: the whole catalog first, then its own messages shown.
    await visit.getByRole('navigation', { name: names.menu }).getByRole('link', { name: names.classes, exact: true }).click()
    // (By its cell: a teacher may not add classes, and the dialog that says so may already hide the table.)
    await expect(visit.locator('th', { hasText: names.className })).toBeVisible()
    expect(scripts.filter((s) => /^\/assets\/messages-/.test(s))).toHaveLength(1)
    await fresh.close()
  })
}

test('the class report in Arabic on a phone: right to left, the summary and the list within the screen, nothing moving as they arrive', async ({ page }) => {
  const reportUrl = await commonReportOfTheClass(page)

  await page.setViewportSize({ width: 360, height: 740 })
  await page.evaluate(() => localStorage.setItem('language', 'ar'))
  await page.goto(reportUrl)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  const summary = page.getByRole('region', { name: 'ملخص أخطاء القراءة الشائعة' })
  await expect(summary).toBeVisible()
  const top = (await summary.boundingBox())!.y
  await expect(page.getByRole('region', { name: 'دقة القراءة' }).getByRole('row')).toHaveCount(accuracyRows + 1)
  await expect(page.getByTestId('kept-time').first()).toContainText('آخر تحديث')
  // Drawn before its figures came, the card has not moved since they and the list above it arrived.
  expect((await summary.boundingBox())!.y).toBe(top)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  const box = (await summary.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(360)
})

test('report files: refused offline, emailed online, and an email asked for offline is sent once back online', async ({ page, context }) => {
  await signedIn(page, SAMPLE_USERS.teacher)
  await serviceWorkerReady(page)
  await page.goto('/report')
  await page.getByLabel('Report type').selectOption({ label: libraryName })
  await chooseSampleYear(page)
  await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Grade 1 A' })
  await page.getByLabel('From date').fill('2026-10-01')
  await page.getByLabel('To date').fill('2026-10-31')
  await expect(page.getByRole('button', { name: 'Download parent report' })).toBeEnabled()

  const before = mails().length
  await page.getByRole('button', { name: 'Email', exact: true }).click()
  await expect(page.getByText('Email will be sent when report is complete')).toBeVisible()
  await expect.poll(() => mails().length, { timeout: 20_000 }).toBe(before + 1)

  await context.setOffline(true)
  await page.getByRole('button', { name: 'Download', exact: true }).click()
  await expect(page.getByText(/You are offline\. Report files are built by the server/)).toBeVisible()
  await page.getByRole('button', { name: 'Email parent report' }).click()
  await expect(page.getByText('You are offline. The email request is saved and will be sent when you are back online.')).toBeVisible()
  await page.waitForTimeout(500)
  expect(mails().length).toBe(before + 1)

  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect.poll(() => mails().length, { timeout: 30_000 }).toBe(before + 2)
  const mail = mails().find((m) => /Parent report/.test(m))!
  expect(mail).toMatch(/Content-Disposition: attachment/i)
  expect(mail).toMatch(/\.xlsx/)
})
