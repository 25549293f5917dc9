// Bulk upload of students (issue 9), in real Chromium against the real server: the admin downloads the
// student template, fills it with SheetJS (as a tool would), uploads it with two bad rows, sees them flagged
// before anything is sent, sends the valid rows (offline first: they wait on the device and go on reconnect),
// reads the results and finds the new students in the list. axe checks the screen in English and Arabic.
import { expect, test } from '@playwright/test'
import * as XLSX from 'xlsx'
import { SAMPLE_USERS, addSignIn, switchLanguage } from './support/app'
import { expectAccessible } from './support/axe'
import { BulkUploadPage } from './support/bulk-upload-page'

test.describe.configure({ timeout: 90_000 })

/** The template with rows added below its header row, as a spreadsheet program would save it. */
function fill(template: Buffer, rows: unknown[][]): Buffer {
  const book = XLSX.read(template)
  XLSX.utils.sheet_add_aoa(book.Sheets[book.SheetNames[0]!]!, rows, { origin: 'A2' })
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
}

test('an admin fills the student template, sees two bad rows flagged before sending, and uploads the valid rows', async ({ page, context }) => {
  await addSignIn(context, SAMPLE_USERS.institutionAdmin)
  const upload = new BulkUploadPage(page)
  await upload.open('/bulk-upload')
  await upload.chooseClass('Grade 1 A')

  const template = await upload.downloadTemplate()
  expect(template.name).toBe('student-upload-template.xlsx')
  const header = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(template.bytes).Sheets.Students!, { header: 1 })[0]
  expect(header).toEqual(['first_name', 'last_name', 'arabic_name', 'enrollment_code', 'gender', 'user_field_1', 'user_field_2', 'user_field_3', 'user_field_4'])

  const file = fill(template.bytes, [
    ['Amal', 'Bulkrow', 'أمل بولك', 'SMPL-31001', 'f'],
    ['Basil', 'Bulkrow', 'باسل بولك', 'SMPL-31002', 'm'],
    ['Jo', 'Bulkrow', 'جو بولك', 'SMPL-31003', 'm'],
    ['Dana', 'Bulkrow', 'دانة بولك', 'SMPL-31004', 'f', '2016-03-14'],
    ['Emad', 'Bulkrow', 'عماد بولك', 'NOT-AN-ID', 'x'],
  ])
  await upload.chooseFile('class-1a.xlsx', file)

  // Flagged on this device, each with its row number and the field messages.
  await expect(page.getByText('3 rows are ready to upload.')).toBeVisible()
  await expect(page.getByText('2 rows need fixing.')).toBeVisible()
  await expect(upload.rowToFix(4)).toContainText('first_name – Enter at least 3 characters.')
  await expect(upload.rowToFix(6)).toContainText('enrollment_code')
  await expect(upload.rowToFix(6)).toContainText('gender – Choose one of the options.')
  await expect(upload.rowsToFix().getByRole('row')).toHaveCount(3)
  await expectAccessible(page, 'student upload preview (en)')

  // Sent while offline: kept on the device, sent when the connection is back.
  await context.setOffline(true)
  await upload.sendValidRows('Upload 3 valid rows')
  await expect(page.getByText('Saved on this device. The upload will be sent when the connection is back')).toBeVisible()
  await context.setOffline(false)

  await expect(page.getByText('3 of 3 rows uploaded').first()).toBeVisible({ timeout: 20_000 })
  const results = upload.results()
  for (const row of ['2', '3', '5']) {
    await expect(results.getByRole('row').filter({ has: page.getByRole('rowheader', { name: row, exact: true }) })).toContainText('Uploaded')
  }
  await expect(page.getByText('2 rows were not sent because they need fixing.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Earlier uploads' }).getByText('class-1a.xlsx')).toBeVisible()

  await page.getByRole('link', { name: 'Open the student list' }).click()
  await expect(page).toHaveURL(/\/student/)
  for (const name of ['Amal Bulkrow', 'Basil Bulkrow', 'Dana Bulkrow']) await expect(page.getByRole('cell', { name, exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Jo Bulkrow', exact: true })).toHaveCount(0)

  // The screen in Arabic, right to left: checked by axe with a file chosen.
  await switchLanguage(page, 'العربية')
  await upload.open('/bulk-upload')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await page.getByLabel('الفصل', { exact: true }).selectOption({ label: 'Grade 1 A' })
  await page.getByLabel('ملف جدول البيانات').setInputFiles({ name: 'again.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file })
  await expect(page.getByRole('table', { name: 'صفوف تحتاج إلى إصلاح' })).toBeVisible()
  await expectAccessible(page, 'student upload preview (ar)')
})
