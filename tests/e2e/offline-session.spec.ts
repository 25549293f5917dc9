// Offline that holds for a teacher's own work (issue 24), in real Chromium against the real server: a sign-in
// that runs out offline in the middle of a sitting, a device too full to store a form's save, and two offline
// edits of one student. The expiry walk runs a server of its own with a 20-second token life.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import type { APIRequestContext, Page } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { savedOnDevice, serviceWorkerReady, signIn, SAMPLE_USERS } from './support/app'
import { addPassage, call, login, SAMPLE_HOST } from './support/api'
import { CapturePage } from './support/capture-page'

test.describe.configure({ mode: 'serial', timeout: 240_000 })

const run = Date.now().toString(36)

type Kit = { school: number; year: number; classes: { id: number; name: string; students: { id: number; first_name: string }[] }[] }

/** The sample school, its 2026-2027 year, and its classes with their students (the capture kit), as the server has them. */
async function sampleKit(request: APIRequestContext, token: string, host = SAMPLE_HOST): Promise<Kit> {
  const school = (await call<{ results: { id: number }[] }>(request, host, 'GET', '/api/myschools/', token)).results[0]!.id
  const year = (await call<{ results: { id: number; display_name: string }[] }>(request, host, 'GET', '/api/academic-year/', token)).results.find((y) => y.display_name === '2026-2027')!.id
  const kit = await call<Pick<Kit, 'classes'>>(request, host, 'GET', `/api/capture/school/${school}/year/${year}/`, token)
  return { school, year, classes: kit.classes }
}

type StudentRow = { id: number; first_name: string; last_name: string; user_field_1: string; updated_at: string }

/** A student of this spec's own (no other spec edits it), added by the institution admin; answers it with the admin's token. */
async function addStudent(request: APIRequestContext, first: string, code: string) {
  const token = await login(request, SAMPLE_HOST, SAMPLE_USERS.institutionAdmin, E2E.samplePassword)
  const ids = await sampleKit(request, token)
  const cls = ids.classes.find((c) => c.name === 'Grade 1 A')!.id
  const student = await call<StudentRow>(request, SAMPLE_HOST, 'POST', `/api/school/${ids.school}/year/${ids.year}/student/`, token, {
    first_name: first, last_name: 'Original', arabic_name: 'طالب تجربة', enrollment_code: code, gender: 'f', class_relation: cls,
    user_field_1: '', user_field_2: '', user_field_3: '', user_field_4: '',
  })
  const read = () => call<StudentRow>(request, SAMPLE_HOST, 'GET', `/api/school/${ids.school}/year/${ids.year}/student/${student.id}/`, token)
  return { id: student.id, read }
}

/** Opens the student's edit form by its address. */
async function openEdit(page: Page, id: number, first: string) {
  await page.goto(`/student/${id}/edit`)
  await expect(page.getByLabel('First name')).toHaveValue(first)
}

/** Waits until the screens open now are saved on the device, the student's included, so they open offline. */
async function keptOnDevice(page: Page, first: string) {
  await serviceWorkerReady(page)
  await savedOnDevice(page)
  await savedOnDevice(page, first)
}

test('two offline edits of one student land as two versions, the second form starting from the first', async ({ page, context, request }) => {
  const first = `Twice${run}`
  const student = await addStudent(request, first, `SMPL-${String(Date.now()).slice(-5)}`)
  const before = await student.read()
  await signIn(page, SAMPLE_USERS.institutionAdmin)
  await openEdit(page, student.id, first)
  await keptOnDevice(page, first)

  await context.setOffline(true)
  await page.getByLabel('Last name').fill('Edited-Once')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/student$/)

  // Opened again by its address, still offline: the form shows the queued edit, not the server's copy.
  await page.goto(`/student/${student.id}/edit`)
  await expect(page.getByLabel('Last name')).toHaveValue('Edited-Once')
  await page.getByLabel('User field 1').fill('second edit')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/student$/)

  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(page.getByRole('button', { name: /online, everything is synced/i })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('This record was changed by someone else')).toHaveCount(0)
  await expect(page.getByText('Sync failed')).toHaveCount(0)
  // Both edits reached the server, one after the other: each made a version of its own.
  const after = await student.read()
  expect(after).toMatchObject({ last_name: 'Edited-Once', user_field_1: 'second edit' })
  expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at))
})

test('a device too full to store a save says so in the form, in English and Arabic, and keeps what was typed', async ({ page, context, request }) => {
  const first = `Full${run}`
  const student = await addStudent(request, first, `SMPL-${String(Date.now() + 7).slice(-5)}`)
  // The device is full: a quota of one byte. (Chromium applies it to storage the origin has not used yet.)
  const cdp = await context.newCDPSession(page)
  const origin = E2E.institutionUrl
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1 })
  await signIn(page, SAMPLE_USERS.institutionAdmin)
  await openEdit(page, student.id, first)

  await context.setOffline(true)
  await page.getByLabel('Last name').fill('Typed-While-Full')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'This change could not be stored on this device, so it is not saved.' })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/student/${student.id}/edit$`))
  await expect(page.getByLabel('Last name')).toHaveValue('Typed-While-Full')

  // The same in Arabic (reloaded online: a full device has no room for the offline copy of the app either).
  await context.setOffline(false)
  await page.evaluate(() => {
    localStorage.setItem('language', 'ar')
    localStorage.setItem('direction', 'rtl')
  })
  await page.reload()
  await page.getByLabel('اسم العائلة').fill('Typed-In-Arabic')
  await page.getByRole('button', { name: 'حفظ' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'تعذّر تخزين هذا التغيير على هذا الجهاز' })).toBeVisible()
  await expect(page.getByLabel('اسم العائلة')).toHaveValue('Typed-In-Arabic')
  expect((await student.read()).last_name).toBe('Original')

  // Space again: the same save goes through.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin })
  await page.getByRole('button', { name: 'حفظ' }).click()
  await expect(page).toHaveURL(/\/student$/)
  await expect.poll(async () => (await student.read()).last_name, { timeout: 30_000 }).toBe('Typed-In-Arabic')
})

// A server of its own whose tokens live 20 seconds (TOKEN_TTL_SECONDS), on the next port but 100: renewed every 10 s
// while online, so a token taken offline runs out 10 to 20 s later, in the middle of the sitting.
const TTL_SECONDS = 20
const shortPort = E2E.port + 100
const shortUrl = `http://sample.localhost:${shortPort}`
const shortHost = `sample.localhost:${shortPort}`

test.describe('a sign-in that runs out', () => {
  test.use({ baseURL: shortUrl })
  let server: ChildProcess | undefined
  const passage = `Expiry walk ${run}`
  let passageId = 0

  test.beforeAll(async ({ request }) => {
    test.setTimeout(240_000)
    server = spawn('node', ['--import', 'tsx', 'src/server/index.ts'], {
      env: {
        ...process.env, PORT: String(shortPort), DATA_DIR: mkdtempSync(join(tmpdir(), 'miscue-e2e-ttl-')), ADMIN_PASSWORD: E2E.adminPassword,
        SAMPLE_PASSWORD: E2E.samplePassword, BASE_DOMAIN: 'localhost', TOKEN_TTL_SECONDS: String(TTL_SECONDS),
      },
      stdio: 'ignore',
    })
    await expect.poll(async () => (await request.get(`http://127.0.0.1:${shortPort}/api/health/`).catch(() => null))?.ok() ?? false,
      { timeout: 200_000, intervals: [1_000] }).toBe(true)
    passageId = await addPassage(request, { title: passage, content: 'Tom and his dog ran to the park to play with a big red ball today', language: 'en', minutes: 1, platformHost: `localhost:${shortPort}` })
  })
  test.afterAll(() => {
    server?.kill()
  })

  const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'Sign in again to send your changes' })

  test('expiring offline mid-sitting: reading and capture go on, nothing is deleted, and the sitting is sent once after signing in again', async ({ page, context, request }) => {
    await signIn(page, SAMPLE_USERS.teacher, E2E.samplePassword, shortUrl)
    const signedInAt = Date.now()
    const capture = new CapturePage(page)
    await capture.open() // online once: the capture kit is kept on the device
    await expect(page.getByLabel('Passage')).toContainText(passage)
    await serviceWorkerReady(page)
    await savedOnDevice(page)

    // Online, a sign-in in use is renewed: past its first life (counted from the sign-in) it still works.
    await page.waitForTimeout(Math.max(0, signedInAt + (TTL_SECONDS + 5) * 1000 - Date.now()))
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Record a sitting' })).toBeVisible()
    await expect(notice(page)).toHaveCount(0)

    await context.setOffline(true)
    await capture.newSitting({ cls: 'Grade 1 A', student: 'Adam Youssef', passage, audio: false })
    await capture.button('Start reading').click()
    await capture.word(1).click()
    // The token's life runs out while offline: the teacher is told, and goes on.
    await expect(notice(page)).toBeVisible({ timeout: (TTL_SECONDS + 15) * 1000 })
    await expect(notice(page)).toContainText('Keep working')
    await capture.pen('Omission')
    await capture.word(3).click()
    await capture.button('Stop').click()
    await capture.word(10).click()
    await expect(capture.word(3)).toHaveAttribute('data-marks', 'omission')
    await capture.button('Save sitting').click()
    await expect(page).toHaveURL(/\/capture$/)
    await expect(capture.row('Adam Youssef', passage)).toContainText('Saved on this device')

    // Reopened offline: the kept screens are all there, not the sign-in page.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Record a sitting' })).toBeVisible()
    await expect(capture.row('Adam Youssef', passage)).toContainText('Saved on this device')
    await expect(page.getByLabel('Passage')).toContainText(passage)
    await expect(notice(page)).toBeVisible()

    // Back online: the server refuses the old token; nothing is sent, nothing is dropped.
    await context.setOffline(false)
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    const signInButton = page.getByRole('button', { name: 'Sign in', exact: true })
    await expect(signInButton).toBeVisible({ timeout: 20_000 })
    const token = await login(request, shortHost, SAMPLE_USERS.teacher, E2E.samplePassword)
    const adam = (await sampleKit(request, token, shortHost)).classes.flatMap((c) => c.students).find((s) => s.first_name === 'Adam')!
    const sittings = async () => (await call<{ results: { assessment: number }[] }>(request, shortHost, 'GET', `/api/student/${adam.id}/sitting/`, token))
      .results.filter((r) => r.assessment === passageId).length
    expect(await sittings()).toBe(0)

    // Signing in again as the same teacher: back to the capture list, the sitting sent once.
    if (!/\/login/.test(page.url())) await signInButton.click()
    await expect(page).toHaveURL(/\/login/)
    await page.getByLabel(/username or email/i).fill(SAMPLE_USERS.teacher)
    await page.getByLabel(/^password$/i).fill(E2E.samplePassword)
    await page.getByRole('button', { name: /^sign in$/i }).click()
    await expect(page).toHaveURL(/\/capture$/)
    await expect(capture.row('Adam Youssef', passage)).toContainText('Synced', { timeout: 30_000 })
    await expect(notice(page)).toHaveCount(0)
    expect(await sittings()).toBe(1)
  })
})
