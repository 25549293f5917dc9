// A tablet that fills up during a sitting (issue 24), in real Chromium with its fake microphone and the origin's
// quota cut down through CDP (Storage.overrideQuotaForOrigin): the capture screen warns before the recording can
// no longer fit, says once that the device is full and then truthfully which marks it holds (without a message
// every second), keeps marking in memory, and saves the sitting without its recording, which syncs and shows in
// its report. Chromium's navigator.storage.estimate() does not report an overridden quota (it answers usage plus a
// fixed 10 GiB), so the page is told the quota the override enforces.
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { CHROMIUM_ARGS, E2E } from '../../playwright.config'
import { SAMPLE_USERS, addSignIn } from './support/app'
import { addPassage, call, login, SAMPLE_HOST } from './support/api'
import { CapturePage } from './support/capture-page'

test.describe.configure({ timeout: 150_000 })
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['microphone'],
  viewport: { width: 1024, height: 768 },
  hasTouch: true,
})

// 16 words; a two-minute limit.
const ENGLISH = 'Tom and his dog ran to the park to play with a big red ball today'
const passage = `Full tablet ${Date.now().toString(36)}`
let passageId = 0

test.beforeAll(async ({ request }) => {
  passageId = await addPassage(request, { title: passage, content: ENGLISH, language: 'en', minutes: 2 })
})

/** What IndexedDB really holds for this page's origin (the quota's figure, not Chromium's estimate()). */
const usage = (page: Page) => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0)

/** Cuts the origin's quota down to `quota` bytes, and has the page's estimate() say so. */
async function limitQuota(page: Page, quota: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(page.url()).origin, quotaSize: quota })
  await page.evaluate((q) => {
    const storage = navigator.storage as StorageManager & { realEstimate?: StorageManager['estimate'] }
    storage.realEstimate ??= storage.estimate.bind(storage)
    storage.estimate = async () => ({ ...(await storage.realEstimate!()), quota: q })
  }, quota)
}

/** The capture as stored on the device (what a reload would bring back). */
function storedCapture(page: Page, id: string) {
  return page.evaluate((key) => new Promise<{ marks: unknown[]; lastWord: number | null }>((resolve, reject) => {
    const open = indexedDB.open('miscue')
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const read = open.result.transaction('captures').objectStore('captures').get(key)
      read.onsuccess = () => resolve(read.result)
      read.onerror = () => reject(read.error)
    }
  }), id)
}

test('a full device during a sitting: a warning before it, the truth about what is kept, and the sitting saved without its audio, synced and in its report', async ({ page, request }) => {
  const capture = new CapturePage(page)
  await addSignIn(page.context(), SAMPLE_USERS.teacher)
  await capture.open()
  await capture.newSitting({ cls: 'Grade 1 A', student: 'Khalid Ali', passage, audio: true })
  const id = page.url().split('/').at(-1)!

  // Space for a quarter of a minute of recording, where the reading may need two minutes and its copy when saved.
  await limitQuota(page, (await usage(page)) + 60_000)
  const warning = page.getByTestId('space-warning')
  await expect(warning).toContainText('Space is low on this device')
  await expect(warning).toContainText('Sync or discard other sittings first, or record this one without audio.')

  await capture.button('Start reading').click()
  await expect(page.getByTestId('recorder-state')).toHaveText('Recording')
  await capture.word(1).tap()
  await capture.word(3).tap()
  await expect.poll(async () => (await storedCapture(page, id)).marks.length).toBe(2)
  // The recording fills the device, and stops.
  await expect(page.getByTestId('recorder-state')).toHaveText('Recording stopped: the device is full', { timeout: 45_000 })

  // Not a byte more: the next change cannot be stored.
  await limitQuota(page, await usage(page))
  await capture.word(5).tap()
  await capture.word(7).tap()
  await capture.word(9).tap()
  const note = page.getByTestId('store-failed')
  await expect(note).toContainText('The device is full: this sitting is no longer being stored on it.')
  await expect(note).toContainText('Marks kept on this device: 2 of 5. The other 3 are only on this screen.')
  expect((await storedCapture(page, id)).marks).toHaveLength(2) // what the note says is what the device holds
  await expect(capture.word(9)).toHaveAttribute('data-marks', 'substitution') // marking goes on, in memory

  // Said once: no new message every second while the clock runs.
  const toast = page.getByRole('alert').filter({ hasText: /can no longer be stored|could not be stored/ })
  await toast.first().click() // dismissed
  await page.waitForTimeout(3_000)
  await expect(toast).toHaveCount(0)

  await capture.button('Stop').click()
  await capture.word(12).tap() // the last word read
  await expect(note).toContainText('The last word read is only on this screen.')
  // Saving with the recording would copy it: there is no room, and saving without it is offered.
  await capture.button('Save sitting').click()
  const dialog = page.getByRole('dialog', { name: 'The recording could not be stored for sending' })
  await dialog.getByRole('button', { name: 'Save without audio' }).click()
  await expect(page).toHaveURL(/\/capture$/)
  await expect(capture.row('Khalid Ali', passage)).toContainText('Synced', { timeout: 30_000 })

  // On the server with all five marks and the last word, without a recording.
  const token = await login(request, SAMPLE_HOST, SAMPLE_USERS.teacher, E2E.samplePassword)
  const kit = await call<{ classes: { students: { id: number; first_name: string }[] }[] }>(request, SAMPLE_HOST, 'GET',
    `/api/capture/school/${(await call<{ results: { id: number }[] }>(request, SAMPLE_HOST, 'GET', '/api/myschools/', token)).results[0]!.id}/year/${
      (await call<{ results: { id: number; display_name: string }[] }>(request, SAMPLE_HOST, 'GET', '/api/academic-year/', token)).results.find((y) => y.display_name === '2026-2027')!.id}/`, token)
  const khalid = kit.classes.flatMap((c) => c.students).find((s) => s.first_name === 'Khalid')!
  const rows = (await call<{ results: { id: number; assessment: number; school: number; class: number }[] }>(request, SAMPLE_HOST, 'GET', `/api/student/${khalid.id}/sitting/`, token))
    .results.filter((r) => r.assessment === passageId)
  expect(rows).toHaveLength(1)
  const sitting = await call<{ error_count: number; total_attempted: number; audio_url: string | null }>(
    request, SAMPLE_HOST, 'GET', `/api/school/${rows[0]!.school}/class/${rows[0]!.class}/sitting/${rows[0]!.id}/`, token)
  expect(sitting).toMatchObject({ error_count: 5, total_attempted: 13 })
  expect(sitting.audio_url ?? null).toBeNull()

  await capture.row('Khalid Ali', passage).getByRole('button', { name: /view the report/i }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports · Sitting report')
  await expect(page.getByTestId('sitting-content')).toContainText('Tom and his dog')
})
