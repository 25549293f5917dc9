// What the user reads about a file that cannot be uploaded at all, and about each refused row.
import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import type { RowIssue } from '../../../shared/bulk/row-checks'
import { BULK_LIMITS } from '../../../shared/bulk/upload-kinds'
import type { UploadResultRow } from '../../../shared/schemas/bulk-upload'
import { validationMessage } from '../../lib/i18n/validation-messages'
import type { Prevalidation } from '../../workers/prevalidate'

/** Only .xls and .xlsx names are offered (spec §5); the server checks the content itself. */
export function isSpreadsheetName(name: string): boolean {
  return /\.xlsx?$/i.test(name.trim())
}

export function fileProblemMessages(i18n: I18n, result: Extract<Prevalidation, { ok: false }>): string[] {
  switch (result.problem) {
    case 'missing_columns': {
      const columns = result.missing.join(', ')
      return [i18n._(msg`The first row must name the columns as the template does. These columns are missing: ${columns}.`)]
    }
    case 'too_many_rows': {
      const limit = (result.limit ?? BULK_LIMITS.maxRows).toLocaleString(i18n.locale)
      return [i18n._(msg`The file has more than ${limit} rows. Split it into smaller files.`)]
    }
    case 'no_rows':
    case 'no_sheet':
      return [i18n._(msg`The file has no rows to upload below its header row.`)]
    case 'unreadable':
      return [i18n._(msg`This file could not be read. Open it in Excel or LibreOffice, save it again as .xlsx and choose it again.`)]
  }
}

/** A refused row's problems as "field – message" lines, in the user's language. */
export function issueLines(i18n: I18n, issues: RowIssue[]): string[] {
  return issues.map((issue) => `${issue.field} – ${validationMessage(i18n, { message: issue.code, requirement: issue.requirement })}`)
}

/** The server's reasons for a refused row: the message per field, else the one-line reason. */
export function resultLines(row: UploadResultRow): string[] {
  if (row.errors && Object.keys(row.errors).length) return Object.entries(row.errors).map(([field, message]) => `${field} – ${message}`)
  return row.error ? [row.error] : []
}

/** The name of a result row (email, enrollment code, identifier or name). */
export function resultLabel(row: UploadResultRow): string {
  return row.email ?? row.enrollment_code ?? row.identifier ?? row.name ?? ''
}
