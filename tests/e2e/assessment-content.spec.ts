// Assessment content on the platform host: an Arabic assessment with a PDF (right-to-left content, two levels,
// 2 min 30 s kept through an edit), a report library with two entries, a report template on it, the refusal
// of a file named .pdf that is not a PDF, and a library uploaded from a spreadsheet.
import { expect, test } from '@playwright/test'
import * as XLSX from 'xlsx'
import { E2E } from '../../playwright.config'
import { signedIn } from './support/app'

test.use({ baseURL: E2E.platformUrl, locale: 'en-GB' })

/** A tiny but valid PDF: header, catalog, empty page tree, trailer. */
function tinyPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n'
    + 'trailer\n<< /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  )
}

/** A real (small) workbook: the server opens uploads before answering, and refuses damaged ones. */
function xlsxLike(): Buffer {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['display_name', 'isReport'], ['Reading bundle', 'true']]), 'Sheet1')
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
}

const TITLE = 'قصة القطة الصغيرة'
const CONTENT = 'ذهبت القطة الصغيرة إلى الحديقة.\nولعبت مع الكرة الحمراء.'
const LIBRARY = 'Reading report library'
const TEMPLATE = 'Weekly reading report'

test('platform admin builds assessment content: Arabic PDF assessment, report library with entries, report template', async ({ page }) => {
  test.setTimeout(180_000) // a long journey: assessment, library, two entry pages, template
  await signedIn(page, 'admin', { password: E2E.adminPassword, baseUrl: E2E.platformUrl, path: '/assessment' })

  // --- Assessment: the cascade, right-to-left content, a PDF, two levels, 2 min 30 s.
  await page.getByRole('button', { name: 'Add' }).click()
  await expect(page).toHaveURL(/\/assessment\/add$/)
  await page.getByLabel('Title', { exact: true }).fill(TITLE)
  await page.getByLabel('Subject').selectOption({ label: 'Arabic Reading' })
  await page.getByLabel('Skill').selectOption({ label: 'Oral reading fluency' })
  await page.getByLabel('Assessment type').selectOption({ label: 'Reading passage' })
  await page.getByLabel('Content display type').selectOption({ label: 'PDF' })

  const content = page.getByLabel('Content', { exact: true })
  await content.fill(CONTENT)
  await expect(content).toHaveAttribute('dir', 'rtl')
  const preview = page.getByRole('region', { name: 'Content preview' })
  await expect(preview.locator('[dir]')).toHaveAttribute('dir', 'rtl')
  await expect(preview).toContainText('ذهبت القطة الصغيرة إلى الحديقة.')

  // A file named .pdf whose bytes are not a PDF is refused with a clear message.
  const pdfInput = page.getByLabel('PDF file')
  await pdfInput.setInputFiles({ name: 'x.pdf', mimeType: 'application/pdf', buffer: Buffer.from('This is only text pretending to be a PDF.') })
  await expect(page.getByRole('alert').filter({ hasText: '“x.pdf” is not a PDF document' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create' })).toBeDisabled()

  await pdfInput.setInputFiles({ name: 'qissa.pdf', mimeType: 'application/pdf', buffer: tinyPdf() })
  await expect(page.getByText(/Chosen: qissa\.pdf/)).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'is not a PDF document' })).toHaveCount(0)

  await page.getByLabel('Minutes').selectOption('2')
  await page.getByLabel('Seconds').selectOption('30')
  await page.getByRole('checkbox', { name: 'KG2' }).check()
  await page.getByRole('checkbox', { name: 'Grade 1', exact: true }).check()
  await page.getByRole('button', { name: 'Create' }).click()

  await expect(page).toHaveURL(/\/assessment$/)
  const row = page.getByRole('row').filter({ hasText: TITLE })
  await expect(row).toContainText('00:02:30')
  await expect(row).toContainText('KG2, Grade 1')
  await expect(row).toContainText('Arabic Reading')

  // --- Edit: the stored duration comes back as 2 and 30 and is kept on save; the PDF is kept too.
  await row.getByRole('button', { name: `Edit ${TITLE}` }).click()
  await expect(page).toHaveURL(/\/assessment\/\d+\/edit$/)
  await expect(page.getByLabel('Minutes')).toHaveValue('2')
  await expect(page.getByLabel('Seconds')).toHaveValue('30')
  await expect(page.getByText('Current file:')).toBeVisible()
  await expect(page.getByLabel('Content', { exact: true })).toHaveAttribute('dir', 'rtl')
  await page.getByLabel('Title in the content language').fill('قصة القطة')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page).toHaveURL(/\/assessment$/)
  await expect(page.getByRole('row').filter({ hasText: TITLE })).toContainText('00:02:30')

  await page.getByRole('row').filter({ hasText: TITLE }).getByRole('button', { name: `Edit ${TITLE}` }).click()
  await expect(page.getByLabel('Minutes')).toHaveValue('2')
  await expect(page.getByLabel('Seconds')).toHaveValue('30')
  await expect(page.getByLabel('Title in the content language')).toHaveValue('قصة القطة')

  // --- Report library with two entries.
  await page.goto('/assessment-library/add')
  await page.getByLabel('Name', { exact: true }).fill(LIBRARY)
  await page.getByRole('switch', { name: 'Report library' }).click()
  await page.getByRole('switch', { name: 'Parent report' }).click()
  await expect(page.getByRole('switch', { name: 'Report library' })).toBeChecked()
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/assessment-library$/)
  const libraryRow = page.getByRole('row').filter({ hasText: LIBRARY })
  await expect(libraryRow).toContainText('enableParentReport')

  await libraryRow.getByRole('button', { name: `Edit ${LIBRARY}` }).click()
  await expect(page).toHaveURL(/\/assessment-library\/\d+\/edit$/)
  await expect(page.getByRole('switch', { name: 'Parent report' })).toBeChecked()
  const entries = page.getByRole('region', { name: 'Entries of this library' })
  // Entries have their own pages (spec: assessment-library-entry/add); saving returns to /assessment-library,
  // from where the library is opened again, as a user would.
  for (const [name, parent] of [['Reading fluency', true], ['Letter knowledge', false]] as const) {
    await entries.getByRole('button', { name: 'Add' }).click()
    await expect(page).toHaveURL(/\/assessment-library-entry\/add\?library=\d+$/)
    const form = page.getByRole('main')
    await form.getByLabel('Entry name').fill(name)
    if (parent) await form.getByRole('switch', { name: 'In the parent report' }).click()
    await form.getByLabel('Description').fill(`${name} of the term`)
    await form.getByRole('checkbox', { name: TITLE }).check()
    await form.getByRole('button', { name: 'Create' }).click()
    await expect(page).toHaveURL(/\/assessment-library$/)
    await expect(page.getByText(`Entry “${name}” was added.`)).toBeVisible()
    await page.getByRole('row').filter({ hasText: LIBRARY }).getByRole('button', { name: `Edit ${LIBRARY}` }).click()
    await expect(entries.getByRole('row').filter({ hasText: name })).toBeVisible()
  }
  await expect(entries.getByRole('row').filter({ hasText: 'Reading fluency' })).toContainText('Yes')

  // The library upload screen: the file is checked in the browser, then imported.
  await page.goto('/assessment-library')
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page).toHaveURL(/\/assessment-library\/upload$/)
  await page.getByLabel('Spreadsheet file').setInputFiles({ name: 'libraries.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsxLike() })
  await expect(page.getByText('1 row is ready to upload.')).toBeVisible()
  await page.getByRole('button', { name: 'Upload 1 row' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, upload' }).click()
  await expect(page.getByText('1 of 1 row uploaded.')).toBeVisible()

  // --- Report template on the library, with its two entries.
  await page.goto('/report-template')
  await page.getByRole('button', { name: 'Add' }).click()
  await expect(page).toHaveURL(/\/report-template\/add$/)
  await page.getByLabel('Name', { exact: true }).fill(TEMPLATE)
  await page.getByLabel('Assessment library').selectOption({ label: LIBRARY })
  await expect(page.getByLabel('Report type')).toHaveValue(/^1\d\d$/)
  await page.getByLabel('Report scope').selectOption({ label: 'Class' })
  await page.getByRole('button', { name: "Add the library's entries" }).click()
  await expect(page.getByLabel('Entry 1: name')).toHaveValue('Reading fluency')
  await expect(page.getByLabel('Entry 2: name')).toHaveValue('Letter knowledge')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/report-template$/)
  const templateRow = page.getByRole('row').filter({ hasText: TEMPLATE })
  await expect(templateRow).toContainText(LIBRARY)
  await expect(templateRow).toContainText('Class')
  await expect(templateRow).toContainText(`Custom report: ${LIBRARY}`)

  // Per-row download: the .xlsx is generated, kept, and then shown as the saved file link.
  const download = page.waitForEvent('download')
  await templateRow.getByRole('button', { name: `Download: ${TEMPLATE}` }).click()
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/)
  await expect(templateRow.getByRole('button', { name: /Weekly reading report-\d+\.xlsx/ })).toBeVisible()

  // Per-row email: the address defaults to the user's own; an address outside the platform's users is refused.
  await templateRow.getByRole('button', { name: `Email: ${TEMPLATE}` }).click()
  const email = page.getByRole('dialog', { name: `Email “${TEMPLATE}”` })
  const own = await email.getByLabel('Email address').inputValue()
  expect(own).not.toBe('')
  await email.getByLabel('Email address').fill('head.teacher@outside.test')
  await email.getByRole('button', { name: 'Send' }).click()
  await expect(email.getByText('A template can be sent only to you or to another user of this institution').first()).toBeVisible()
  await email.getByLabel('Email address').fill(own)
  await email.getByRole('button', { name: 'Send' }).click()
  await expect(email).toBeHidden()
  await expect(page.getByText(`The report template was sent to ${own}`)).toBeVisible()

  await templateRow.getByRole('button', { name: `Edit ${TEMPLATE}` }).click()
  await expect(page.getByLabel('Entry 1: name')).toHaveValue('Reading fluency')
  await expect(page.getByLabel('Entry 2: library entry')).toHaveValue(/\d+/)
})

test('in Arabic the page mirrors while English content stays left-to-right; an offline library save is queued, then synced', async ({ page, context }) => {
  await page.addInitScript(() => {
    localStorage.setItem('language', 'ar')
    localStorage.setItem('direction', 'rtl')
  })
  await signedIn(page, 'admin', { password: E2E.adminPassword, baseUrl: E2E.platformUrl, path: '/assessment/add' })
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await page.getByLabel('المادة').selectOption({ label: 'القراءة باللغة الإنجليزية' })
  await page.getByLabel('المهارة').selectOption({ label: 'الطلاقة في القراءة الجهرية' })
  await page.getByLabel('طريقة عرض المحتوى').selectOption({ label: 'نص' })
  const content = page.getByLabel('المحتوى', { exact: true })
  await content.fill('The cat sat on the mat.')
  await expect(content).toHaveAttribute('dir', 'ltr')
  await expect(page.getByRole('region', { name: 'معاينة المحتوى' }).locator('[dir]')).toHaveAttribute('dir', 'ltr')

  // Offline: the library is saved on the device, listed with the pending badge, and sent on reconnect.
  await page.goto('/assessment-library')
  await expect(page.getByRole('button', { name: 'إضافة' })).toBeEnabled()
  await page.getByRole('button', { name: 'إضافة' }).click()
  await expect(page).toHaveURL(/\/assessment-library\/add$/)
  await context.setOffline(true)
  await page.getByLabel('الاسم', { exact: true }).fill('مكتبة القراءة')
  await page.getByRole('button', { name: 'إنشاء' }).click()
  await expect(page).toHaveURL(/\/assessment-library$/)
  const pendingRow = page.getByRole('row').filter({ hasText: 'مكتبة القراءة' })
  await expect(pendingRow).toContainText('بانتظار المزامنة')
  await context.setOffline(false)
  await expect(pendingRow).not.toContainText('بانتظار المزامنة', { timeout: 20_000 })
  await expect(page.getByRole('row').filter({ hasText: 'مكتبة القراءة' })).toBeVisible()
})
