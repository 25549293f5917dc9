// Page model of a bulk upload screen (spec §2): download the template, choose a file, read the check's
// verdict, confirm the upload and read its results.
import { expect, type Download, type Locator, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'

export class BulkUploadPage {
  constructor(readonly page: Page) {}

  async open(path: string) {
    await this.page.goto(path)
    await expect(this.page.getByRole('heading', { level: 2 }).first()).toBeVisible()
  }

  async chooseClass(name: string) {
    await this.page.getByLabel('Class', { exact: true }).selectOption({ label: name })
  }

  /** Clicks "Download template" and answers the downloaded file's bytes and name. */
  async downloadTemplate(): Promise<{ bytes: Buffer; name: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByRole('button', { name: 'Download template' }).click()])
    return { bytes: readFileSync((await (download as Download).path())!), name: download.suggestedFilename() }
  }

  async chooseFile(name: string, buffer: Buffer) {
    await this.page.getByLabel('Spreadsheet file').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer })
  }

  /** The table of rows the check refused. */
  rowsToFix(): Locator {
    return this.page.getByRole('table', { name: 'Rows to fix' })
  }

  rowToFix(row: number): Locator {
    return this.rowsToFix().getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: String(row), exact: true }) })
  }

  /** Clicks the upload button of the preview, then "Yes, upload" in the confirmation. */
  async sendValidRows(label: RegExp | string) {
    await this.page.getByRole('button', { name: label }).click()
    await this.page.getByRole('dialog').getByRole('button', { name: 'Yes, upload' }).click()
  }

  results(): Locator {
    return this.page.getByRole('table', { name: 'Result of each row' })
  }
}
