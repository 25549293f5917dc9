// The template of an upload (the exact header row, instructions in the user's language, drop-down lists from
// the caller's own references) and the workbook of an upload's refused rows.
import type { Db } from '../../db/client'
import { templateWorkbook, type TemplateColumn } from '../../lib/template-workbook'
import type { Lang } from '../../lib/messages'
import { countryName } from '../../../shared/bulk/country-names'
import { fixWorkbook } from '../../../shared/bulk/fix-workbook'
import type { BulkReferences } from '../../../shared/bulk/row-checks'
import { UPLOAD_COLUMNS, type UploadKind } from '../../../shared/bulk/upload-kinds'
import { BUNDLE_START, REPORT_TYPES, SCOPE_TYPES } from '../../../shared/schemas/assessment-library'
import { COLUMN_HELP, TEMPLATE_NAMES, TEMPLATE_TEXT as T } from './template-messages'
import { refusedRows, type UploadRecord } from './upload-records'

const unique = (values: string[]) => [...new Set(values.filter(Boolean))].sort((a, b) => a.localeCompare(b))

/** Countries offered first in a school template (any other code or name is accepted too). */
const REGION = ['AE', 'SA', 'QA', 'KW', 'BH', 'OM', 'EG', 'JO', 'GB', 'US']

/** Drop-down lists of a template, from the caller's references. */
function listsOf(kind: UploadKind, refs: BulkReferences, lang: Lang): Record<string, Pick<TemplateColumn, 'list' | 'suggestOnly'>> {
  switch (kind) {
    case 'student':
      return { gender: { list: ['m', 'f'] } }
    case 'school':
      return { country: { list: REGION.map((code) => countryName(code, lang)), suggestOnly: true } }
    case 'class':
      return {
        school: { list: unique((refs.schools ?? []).map((s) => s.identifier)) },
        grade: { list: unique((refs.grades ?? []).map((g) => g.identifier)), suggestOnly: true },
        section: { list: unique((refs.sections ?? []).map((g) => g.identifier)), suggestOnly: true },
        subjects: { list: unique((refs.subjects ?? []).map((g) => (lang === 'ar' ? g.arabic_display_name : g.display_name))), suggestOnly: true },
        teachers: { list: unique((refs.teachers ?? []).map((t) => t.email)), suggestOnly: true },
      }
    case 'assessment-library':
      return { isReport: { list: ['TRUE', 'FALSE'] }, isGlobal: { list: ['TRUE', 'FALSE'] } }
    case 'report-template': {
      const reportTypes = [...Object.values(REPORT_TYPES), ...(refs.libraries ?? []).filter((l) => l.is_report).map((l) => BUNDLE_START + l.id)]
      return {
        assessmentLibrary: { list: unique((refs.libraries ?? []).map((l) => l.display_name)), suggestOnly: true },
        reportType: { list: reportTypes.map(String) },
        reportScope: { list: Object.values(SCOPE_TYPES).map(String) },
      }
    }
    case 'teacher':
      return {}
  }
}

/** Columns whose values are codes: formatted as text so 00012345 keeps its zeros. */
const TEXT_COLUMNS = new Set(['identifier', 'enrollment_code', 'phone_number', 'zipcode', 'school', 'grade', 'section'])

export function templateFile(kind: UploadKind, refs: BulkReferences, lang: Lang): { bytes: Uint8Array; filename: { en: string; ar: string } } {
  const lists = listsOf(kind, refs, lang)
  const columns: TemplateColumn[] = UPLOAD_COLUMNS[kind].map((c) => ({
    header: c.field,
    required: c.required,
    description: COLUMN_HELP[kind][c.field]?.[lang] ?? '',
    text: TEXT_COLUMNS.has(c.field),
    ...lists[c.field],
  }))
  const sheet = TEMPLATE_NAMES[kind].sheet[lang]
  const bytes = templateWorkbook(columns, {
    dataSheet: sheet,
    instructionsSheet: T.instructionsSheet[lang],
    title: T.title(sheet)[lang],
    intro: T.intro[lang],
    columnHeaders: T.columnHeaders[lang] as [string, string, string, string],
    yes: T.yes[lang],
    no: T.no[lang],
  }, lang)
  return { bytes, filename: TEMPLATE_NAMES[kind].file }
}

/** The refused rows of an upload with their original columns and the reason (in the upload's language). */
export async function refusedRowsFile(db: Db, upload: UploadRecord, lang: Lang): Promise<Uint8Array> {
  const rows = await refusedRows(db, upload.id)
  return fixWorkbook(upload.headers, rows.map((r) => ({ cells: r.cells, error: r.error })), {
    sheet: T.refusedSheet[lang], errorColumn: T.errorColumn[lang], rtl: lang === 'ar',
  })
}
