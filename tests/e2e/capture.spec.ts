// Sitting capture on the tablet (issue 14), in real Chromium against the real server, with Chromium's fake
// microphone: a sitting recorded offline with five miscues, a self-correction and audio survives a reload, reaches
// the server once with the figures the tablet showed and a playable recording, and shows in the class report;
// a keyboard-only capture on a laptop with axe in English and Arabic; and a page killed while its sitting was
// being sent, whose sitting still lands exactly once.
// Each walk records for its own sample student (Adam, Khalid, Huda, Noor): no other spec renames or moves them.
import { expect, test } from '@playwright/test'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { CHROMIUM_ARGS, E2E } from '../../playwright.config'
import { expectAccessible } from './support/axe'
import { savedOnDevice, serviceWorkerReady, addSignIn, SAMPLE_USERS, switchLanguage } from './support/app'
import { addPassage, call, login, SAMPLE_HOST } from './support/api'
import { CapturePage } from './support/capture-page'
import { ar, arPlural, exactly } from './support/arabic'
import { chooseSampleYear } from './support/report-page'

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
  },
  permissions: ['microphone'],
})

// 16 words; a one-minute limit.
const ENGLISH = 'Tom and his dog ran to the park to play with a big red ball today'
// 9 words, read right to left.
const ARABIC = 'ذهب سامي إلى السوق واشترى تفاحًا أحمر مع أبيه'
const run = Date.now().toString(36)
const passage = `Park walk ${run}`
const arabicPassage = `السوق ${run}`
const killedPassage = `Killed upload ${run}`
const ids: Record<string, number> = {}

type SittingRow = { id: number; assessment: number; school: number; class: number }

async function teacherToken(request: APIRequestContext) {
  return login(request, SAMPLE_HOST, SAMPLE_USERS.teacher, E2E.samplePassword)
}

/** The student's sittings of one passage, as the server has them. */
async function sittingsOf(request: APIRequestContext, token: string, student: string, assessment: number): Promise<SittingRow[]> {
  const me = await call<{ results: { id: number }[] }>(request, SAMPLE_HOST, 'GET', '/api/myschools/', token)
  const year = (await call<{ results: { id: number; display_name: string }[] }>(request, SAMPLE_HOST, 'GET', '/api/academic-year/', token)).results.find((y) => y.display_name === '2026-2027')!
  const kit = await call<{ classes: { id: number; name: string; students: { id: number; first_name: string; last_name: string }[] }[] }>(
    request, SAMPLE_HOST, 'GET', `/api/capture/school/${me.results[0]!.id}/year/${year.id}/`, token)
  const kid = kit.classes.flatMap((c) => c.students).find((s) => `${s.first_name} ${s.last_name}` === student)!
  const rows = await call<{ results: SittingRow[] }>(request, SAMPLE_HOST, 'GET', `/api/student/${kid.id}/sitting/`, token)
  return rows.results.filter((r) => r.assessment === assessment)
}

test.beforeAll(async ({ request }) => {
  ids.english = await addPassage(request, { title: passage, content: ENGLISH, language: 'en', minutes: 1 })
  ids.arabic = await addPassage(request, { title: arabicPassage, content: ARABIC, language: 'ar', minutes: 1 })
  ids.killed = await addPassage(request, { title: killedPassage, content: ENGLISH, language: 'en', minutes: 1 })
})

/** Waits until the page's audio element can play, and answers its duration in seconds. */
async function playableSeconds(page: Page, testId: string): Promise<number> {
  return page.getByTestId(testId).evaluate((el) => new Promise<number>((resolve, reject) => {
    const audio = el as HTMLAudioElement
    const done = () => resolve(Number.isFinite(audio.duration) ? audio.duration : audio.seekable.length ? audio.seekable.end(0) : 0)
    if (audio.readyState >= 1) done()
    audio.addEventListener('loadedmetadata', done, { once: true })
    audio.addEventListener('error', () => reject(new Error(`audio error ${audio.error?.code}`)), { once: true })
  }))
}

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: false })

  test('offline: five miscues, a self-correction and audio survive a reload, reach the server once with the same figures, and show in the class report', async ({ page, context, request }) => {
    const capture = new CapturePage(page)
    await addSignIn(page.context(), SAMPLE_USERS.teacher)
    await capture.open() // online once: the kit (classes, students, passages) is kept on the device
    await expect(page.getByLabel('Passage')).toContainText(passage)
    await serviceWorkerReady(page)
    await savedOnDevice(page)

    await context.setOffline(true)
    await capture.newSitting({ cls: 'Grade 1 A', student: 'Adam Youssef', passage, audio: true })
    await expect(capture.passage).toHaveAttribute('dir', 'ltr')
    await capture.button('Start reading').click()
    await expect(page.getByTestId('recorder-state')).toHaveText('Recording')
    await capture.word(1).tap() // substitution: the default pen
    await capture.pen('Omission')
    await capture.word(3).tap()
    await page.waitForTimeout(2200) // a couple of seconds of (fake) audio written to the device
    await expect(capture.word(1)).toHaveAttribute('data-marks', 'substitution')

    // Mid-way, offline, the page reloads: marks, time and recording are still there.
    await page.reload()
    await expect(capture.word(1)).toHaveAttribute('data-marks', 'substitution')
    await expect(capture.word(3)).toHaveAttribute('data-marks', 'omission')
    await expect(page.getByTestId('clock')).not.toHaveText(/^0:00/)
    await expect(capture.button('Listen to the recording')).toBeVisible()

    await capture.button('Carry on reading').click()
    await expect(page.getByTestId('recorder-state')).toHaveText('Recording')
    await capture.pen('Insertion')
    await capture.gap(5).tap()
    await capture.pen('Told')
    await capture.word(7).tap()
    await capture.pen('Mispronunciation')
    await capture.word(9).tap()
    await capture.pen('Substitution')
    await capture.word(11).tap()
    await capture.pen('Self-correction')
    await capture.word(11).tap() // the reader fixed it
    await page.waitForTimeout(1200)
    await capture.button('Stop').click()
    await capture.word(13).tap() // the last word read (the pen after stopping)
    await expect(capture.word(11)).toHaveAttribute('data-marks', 'substitution+sc')
    await expect(capture.gap(5)).toHaveAttribute('aria-pressed', 'true')
    // N = 14 words reached, E = 5, SC = 1: 9 correct = 64 %.
    await expect(capture.figure('accuracy')).toHaveText('64%')
    await expect(capture.figure('errors')).toHaveText('5')
    await expect(capture.figure('sc')).toHaveText('1')
    const shown = await capture.figures()

    // The recording (made in two goes around the reload) plays before the sitting is saved.
    await capture.button('Listen to the recording').click()
    expect(await playableSeconds(page, 'capture-audio')).toBeGreaterThan(1)

    await page.getByLabel('Notes').fill('Read the last line quickly')
    await capture.button('Save sitting').click()
    await expect(page).toHaveURL(/\/capture$/)
    await expect(capture.row('Adam Youssef', passage)).toContainText('Saved on this device')

    await context.setOffline(false)
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    await expect(capture.row('Adam Youssef', passage)).toContainText('Synced', { timeout: 30_000 })

    // Once on the server, with the figures the tablet showed and a playable recording.
    const token = await teacherToken(request)
    const rows = await sittingsOf(request, token, 'Adam Youssef', ids.english!)
    expect(rows).toHaveLength(1)
    const sitting = await call<{ score: number; error_count: number; self_correction_count: number; wcpm: number; total_attempted: number; audio_url: string; notes: string; scoring_profile: { version: number } }>(
      request, SAMPLE_HOST, 'GET', `/api/school/${rows[0]!.school}/class/${rows[0]!.class}/sitting/${rows[0]!.id}/`, token)
    expect({ accuracy: `${sitting.score}%`, errors: String(sitting.error_count), sc: String(sitting.self_correction_count), wcpm: String(sitting.wcpm) }).toEqual(shown)
    expect(sitting).toMatchObject({ total_attempted: 14, notes: 'Read the last line quickly', scoring_profile: { version: 2 } })
    const audio = await request.fetch(`http://127.0.0.1:${E2E.port}${sitting.audio_url}`, { headers: { Host: SAMPLE_HOST, Authorization: `Bearer ${token}` } })
    expect(audio.status()).toBe(200)
    expect(audio.headers()['content-type']).toBe('audio/wav')
    expect((await audio.body()).length).toBeGreaterThan(10_000)

    // The report of the sitting plays its recording.
    await capture.row('Adam Youssef', passage).getByRole('button', { name: /view the report/i }).click()
    await expect(page.getByTestId('sitting-content')).toContainText('Tom and his dog')
    await page.getByRole('button', { name: 'Play the recording' }).click()
    expect(await playableSeconds(page, 'sitting-audio')).toBeGreaterThan(1)

    // And the class report lists it.
    await page.goto('/report')
    await page.getByLabel('Report type').selectOption({ label: 'Common miscue report' })
    await chooseSampleYear(page)
    await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Grade 1 A' })
    await page.getByLabel('Assessment', { exact: true }).selectOption({ label: passage })
    const list = page.getByRole('region', { name: 'Miscue accuracy' })
    await expect(list.getByRole('row').filter({ hasText: passage }).filter({ hasText: 'Adam Youssef' })).toHaveCount(1)
    await expect(page.getByRole('region', { name: 'Common miscue summary' }).getByText('Total tests').locator('xpath=following-sibling::dd')).toHaveText('1')
  })
})

/** Presses Tab until `target` has the focus (a keyboard user's way there). */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${target}`)
}

/** Picks an option of the focused native select with the arrow keys. */
async function arrowTo(page: Page, select: Locator, option: string) {
  for (let i = 0; i < 40; i++) {
    if ((await select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text)) === option) return
    await page.keyboard.press('ArrowDown')
  }
  throw new Error(`no option ${option}`)
}

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('keyboard only: a whole capture from choosing the student to saving, axe on the capture screens in English and Arabic, and sign-out refused while a sitting is in progress', async ({ page }) => {
    const capture = new CapturePage(page)
    await addSignIn(page.context(), SAMPLE_USERS.teacher)
    await capture.open()
    await expectAccessible(page, 'capture list (en)')

    const cls = page.getByLabel('Class', { exact: true })
    await tabTo(page, cls)
    await arrowTo(page, cls, 'Grade 1 A')
    await page.keyboard.press('Tab')
    await arrowTo(page, page.getByLabel('Student', { exact: true }), 'Khalid Ali')
    await page.keyboard.press('Tab')
    await arrowTo(page, page.getByLabel('Passage', { exact: true }), passage)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Space') // no audio for this one
    await expect(page.getByLabel(/audio/i)).not.toBeChecked()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/capture\/[0-9a-f-]{36}$/)

    await tabTo(page, capture.button('Start reading'))
    await page.keyboard.press('Enter')
    await tabTo(page, capture.word(0))
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Enter') // word 1: substitution (the first type)
    await page.keyboard.press('2') // omission
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Enter') // word 3: omission
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('i') // an insertion before word 4
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('x') // word 5: the first error type
    await page.keyboard.press('c') // … which the reader corrected
    await expect(capture.word(5)).toHaveAttribute('data-marks', 'substitution+sc')
    await page.keyboard.press('Control+z')
    await expect(capture.word(5)).toHaveAttribute('data-marks', 'substitution')
    await page.keyboard.press('Control+y')
    await expect(capture.word(5)).toHaveAttribute('data-marks', 'substitution+sc')
    await expect(page.getByTestId('capture-announcement')).not.toBeEmpty()
    await expectAccessible(page, 'capture screen while reading (en)')

    await page.keyboard.press('s') // stop
    await page.keyboard.press('End')
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft') // word 13
    await page.keyboard.press('l')
    // N = 14, E = 3 (words 1 and 3, the insertion), SC = 1: 11 correct = 79 %.
    await expect(capture.figure('errors')).toHaveText('3')
    await expect(capture.figure('sc')).toHaveText('1')
    await expect(capture.figure('accuracy')).toHaveText('79%')
    await tabTo(page, page.getByLabel('Notes'))
    await page.keyboard.type('Marked with the keyboard')
    await expectAccessible(page, 'capture screen, reading stopped (en)')
    await tabTo(page, capture.button('Save sitting'))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/capture$/)
    await expect(capture.row('Khalid Ali', passage)).toContainText(/Sending|Synced|Saved on this device/)

    // Arabic: the interface mirrors, the Arabic passage reads right to left and the arrow keys follow it.
    await switchLanguage(page, 'العربية')
    const arabic = new CapturePage(page, true)
    await expect(page.getByRole('heading', { name: arabic.l('Record a sitting') })).toBeVisible()
    await expectAccessible(page, 'capture list (ar)')
    await arabic.newSitting({ cls: 'Grade 1 A', student: 'هدى سالم', passage: arabicPassage, audio: false })
    await expect(arabic.passage).toHaveAttribute('dir', 'rtl')
    await tabTo(page, arabic.button('Start reading'))
    await page.keyboard.press('Enter')
    await tabTo(page, arabic.word(0))
    await page.keyboard.press('ArrowLeft') // the next word, in reading order
    await page.keyboard.press('Enter')
    await expect(arabic.word(1)).toHaveAttribute('data-marks', 'substitution')
    await expectAccessible(page, 'capture screen while reading (ar)')

    // Signing out with a sitting still in progress is refused, with an explanation; the sitting is still there after.
    await page.goto('/logout')
    await expect(page.getByRole('heading', { name: arabic.l('You have changes that are not synced yet') })).toBeVisible()
    await expect(page.getByText(arPlural('{inProgress, plural, one {# sitting you started on this device is not saved yet. Signing out keeps it here for you only, to finish when you sign in again.} other {# sittings you started on this device are not saved yet. Signing out keeps them here for you only, to finish when you sign in again.}}', 1))).toBeVisible()
    await tabTo(page, page.getByRole('link', { name: arabic.l('Stay signed in') }))
    await page.keyboard.press('Enter')
    await arabic.open()
    await tabTo(page, page.getByRole('button', { name: exactly(ar('Continue the sitting of {name}').replace('{name}', 'هدى سالم')) }))
    await page.keyboard.press('Enter')
    await expect(arabic.word(1)).toHaveAttribute('data-marks', 'substitution')
    await tabTo(page, arabic.button('Discard sitting'))
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter') // the dialog's confirm button has the focus
    await expect(page).toHaveURL(/\/capture$/)
  })
})

test('a page killed while its sitting is on its way to the server: the sitting lands exactly once', async ({ context, request }) => {
  const page = await context.newPage()
  const capture = new CapturePage(page)
  await addSignIn(page.context(), SAMPLE_USERS.teacher)
  await capture.open()
  await capture.newSitting({ cls: 'Grade 1 A', student: 'Noor Hassan', passage: killedPassage, audio: true })
  await capture.button('Start reading').click()
  await capture.word(2).click()
  await page.waitForTimeout(1500)
  await capture.button('Stop').click()
  await capture.button('Read to the end').click()

  // The upload reaches the server, which applies it; the page is killed before the answer comes back.
  let reached!: (status: number) => void
  const applied = new Promise<number>((resolve) => { reached = resolve })
  await page.route('**/api/sitting/', async (route) => {
    // Passed on from Node, which reaches the server as 127.0.0.1 with the institution's Host header.
    const sent = route.request()
    const response = await route.fetch({ url: sent.url().replace(new URL(sent.url()).host, `127.0.0.1:${E2E.port}`), headers: { ...sent.headers(), host: SAMPLE_HOST } })
    reached(response.status())
  })
  await capture.button('Save sitting').click()
  expect(await applied).toBe(201)
  await page.close({ runBeforeUnload: false })

  const token = await teacherToken(request)
  expect(await sittingsOf(request, token, 'Noor Hassan', ids.killed!)).toHaveLength(1)

  // The tablet never heard back: the sitting is still queued, and is sent again when the app opens.
  const again = await context.newPage()
  const list = new CapturePage(again)
  await list.open()
  await expect(list.row('Noor Hassan', killedPassage)).toContainText('Synced', { timeout: 30_000 })
  expect(await sittingsOf(request, token, 'Noor Hassan', ids.killed!)).toHaveLength(1)
})
