// Assessment libraries from a spreadsheet (assessment-library/upload; ADR 0080): platform content. A name
// already used by a library is refused for that row, so sending the same file twice adds nothing twice.
import { inArray, sql } from 'drizzle-orm'
import { assessmentLibraries } from '../../db/schema/tables'
import type { Importer } from '../../domain/bulk-import/importer'
import type { LibraryInput } from '../../../shared/bulk/row-checks'
import { libraryColumns } from './assessment-libraries.service'

const lowerName = sql<string>`lower(${assessmentLibraries.display_name})`

export const libraryImporter: Importer<LibraryInput> = {
  kind: 'assessment-library',
  async begin() {},
  async references(s, forPreview) {
    if (!forPreview) return {}
    return { existing: (await s.db.select({ key: lowerName }).from(assessmentLibraries)).map((r) => r.key) }
  },
  async existing(s, rows) {
    const found = await s.db.select({ key: lowerName }).from(assessmentLibraries).where(inArray(lowerName, rows.map((r) => r.key)))
    return new Set(found.map((f) => f.key))
  },
  async insert(s, rows) {
    const created = await s.db.insert(assessmentLibraries).values(rows.map(libraryColumns)).returning({ id: assessmentLibraries.id })
    return created.map((c) => c.id)
  },
}
