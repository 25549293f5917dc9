// Report templates from a spreadsheet (report-template/upload; ADR 0080): platform content. The library is
// named by its display name (or id); the report type is 1, 2, 6 or 100 + a report library's id; the scope
// 1, 2, 3 or its name. A name already used by a template is refused for that row.
import { inArray, sql } from 'drizzle-orm'
import { assessmentLibraries, reportTemplates } from '../../db/schema/tables'
import type { Importer } from '../../domain/bulk-import/importer'
import type { TemplateInput } from '../../../shared/bulk/row-checks'
import { templateColumns } from './report-templates.service'

const lowerName = sql<string>`lower(${reportTemplates.name})`

export const templateImporter: Importer<TemplateInput> = {
  kind: 'report-template',
  async begin() {},
  async references(s, forPreview) {
    const libraries = await s.db.select({ id: assessmentLibraries.id, display_name: assessmentLibraries.display_name, is_report: assessmentLibraries.is_report }).from(assessmentLibraries)
    if (!forPreview) return { libraries }
    return { libraries, existing: (await s.db.select({ key: lowerName }).from(reportTemplates)).map((r) => r.key) }
  },
  async existing(s, rows) {
    const found = await s.db.select({ key: lowerName }).from(reportTemplates).where(inArray(lowerName, rows.map((r) => r.key)))
    return new Set(found.map((f) => f.key))
  },
  async insert(s, rows) {
    const created = await s.db.insert(reportTemplates).values(rows.map(templateColumns)).returning({ id: reportTemplates.id })
    return created.map((c) => c.id)
  },
}
