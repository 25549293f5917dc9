// Schools from a spreadsheet (bulk-upload-school; ADR 0080): identifiers must be new in the institution;
// the country may be written as its code or its English or Arabic name.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { schools } from '../../db/schema/tables'
import type { Importer, ImportScope } from '../../domain/bulk-import/importer'
import { HttpError } from '../../lib/http-error'
import type { SchoolInput } from '../../../shared/bulk/row-checks'
import { schoolColumns } from './schools.service'

function institutionId(s: ImportScope): number {
  if (!s.institution) throw HttpError.of(404, 'notFound', s.lang)
  return s.institution.id
}

export const schoolImporter: Importer<SchoolInput> = {
  kind: 'school',
  async begin(s) {
    institutionId(s)
  },
  async references(s, forPreview) {
    if (!forPreview) return {}
    const rows = await s.db.select({ key: sql<string>`lower(${schools.identifier})` }).from(schools).where(eq(schools.institution_id, institutionId(s)))
    return { existing: rows.map((r) => r.key) }
  },
  async existing(s, rows) {
    const found = await s.db.select({ key: sql<string>`lower(${schools.identifier})` }).from(schools)
      .where(and(eq(schools.institution_id, institutionId(s)), inArray(sql`lower(${schools.identifier})`, rows.map((r) => r.key))))
    return new Set(found.map((f) => f.key))
  },
  async insert(s, rows) {
    const id = institutionId(s)
    const created = await s.db.insert(schools).values(rows.map((r) => ({ institution_id: id, ...schoolColumns(r) }))).returning({ id: schools.id })
    return created.map((c) => c.id)
  },
}
