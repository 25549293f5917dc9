// Removing a reading record from its sitting report (ADR 0112): school staff only, with a reason that is
// required; the record and its recording are gone afterwards.
import { expect, test } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { api } from '../../src/shared/api'
import { addPassage, call, login, SAMPLE_HOST } from './support/api'
import { SAMPLE_USERS, signedIn, ONLINE_ONLY } from './support/app'
import { expectAccessible } from './support/axe'

test.use(ONLINE_ONLY)

/** The first bytes of a WebM file: enough for the server's audio check. */
const WEBM = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81])

let reportPath = ''
let sittingPath = ''
let studentPath = ''

test.beforeAll(async ({ request }) => {
  const assessment = await addPassage(request, { title: 'A passage to remove', content: 'One fine day a small bird sang a song', language: 'en', minutes: 2 })
  const teacher = await login(request, SAMPLE_HOST, SAMPLE_USERS.teacher, E2E.samplePassword)
  const [school] = (await call<{ results: { id: number }[] }>(request, SAMPLE_HOST, 'GET', api.mySchools, teacher)).results
  const year = (await call<{ results: { id: number; display_name: string }[] }>(request, SAMPLE_HOST, 'GET', api.academicYears, teacher))
    .results.find((y) => y.display_name === '2026-2027')!
  const cls = (await call<{ results: { id: number; name: string }[] }>(request, SAMPLE_HOST, 'GET', `/api/school/${school!.id}/all_classes/`, teacher))
    .results.find((c) => c.name === 'Grade 1 A')!
  const kids = (await call<{ results: { id: number; first_name: string }[] }>(request, SAMPLE_HOST, 'GET',
    `/api/school/${school!.id}/class/${cls.id}/year/${year.id}/student/`, teacher)).results
  const noor = kids.find((k) => k.first_name === 'Noor')!.id
  const sitting = await call<{ id: number }>(request, SAMPLE_HOST, 'POST', api.sittings, teacher, {
    student: noor, assessment, class: cls.id, academic_year: year.id, created_in_device_at: '2026-11-02T09:00:00+03:00', duration: 60,
    marks: [{ word_index: 1, miscue: 'omission' }], audio: `data:audio/webm;base64,${WEBM.toString('base64')}`,
  })
  reportPath = `/report/${noor}/student/${sitting.id}`
  studentPath = `/report/${noor}/student`
  sittingPath = api.sitting(school!.id, cls.id, sitting.id)
})

test('a teacher reads the sitting report but is not offered its removal', async ({ page }) => {
  await signedIn(page, SAMPLE_USERS.teacher, { path: reportPath })
  await expect(page.getByTestId('sitting-content')).toContainText('small bird')
  await expect(page.getByRole('button', { name: 'Remove this reading record' })).toHaveCount(0)
})

test('a school admin removes a reading record, giving the reason the dialog asks for', async ({ page, request }) => {
  await signedIn(page, SAMPLE_USERS.schoolAdmin, { path: reportPath })
  await expect(page.getByTestId('sitting-content')).toContainText('small bird')
  await page.getByRole('button', { name: 'Remove this reading record' }).click()
  const dialog = page.getByRole('dialog', { name: 'Remove this reading record?' })
  const reason = dialog.getByLabel('Reason for removing it')
  await expect(reason).toBeFocused()
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(dialog.getByRole('alert')).toHaveText('This field is required.')
  await expectAccessible(page, 'sitting removal dialog')
  await reason.fill('Recorded for the wrong student')
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(page.getByText('The reading record was removed, with its recording.')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${studentPath}$`))

  const token = await login(request, SAMPLE_HOST, SAMPLE_USERS.schoolAdmin, E2E.samplePassword)
  const gone = await request.fetch(`http://127.0.0.1:${E2E.port}${sittingPath}`, { headers: { Host: SAMPLE_HOST, Authorization: `Bearer ${token}` } })
  expect(gone.status()).toBe(404)
})
