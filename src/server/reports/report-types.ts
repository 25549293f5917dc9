// The report-type list of the miscue screen (ADR 0045): 1 common, 2 accurate, 6 tally, and 100 + id for every
// report library that is global or holds an assessment assigned to the institution.
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { BUNDLE_START, REPORT_TYPES, switchList } from '../../shared/schemas/assessment-library'
import type { ReportType } from '../../shared/schemas/report'
import { query } from './sql'

const BUILT_IN: ReportType[] = [
  { id: REPORT_TYPES.common, type: 'common', display_name: 'Common miscue report', arabic_display_name: 'تقرير أخطاء القراءة العام', isReport: false, switches: '', switch_list: [], library: null, enableParentReport: false },
  { id: REPORT_TYPES.accurate, type: 'accurate', display_name: 'Miscue accuracy', arabic_display_name: 'دقة القراءة', isReport: false, switches: '', switch_list: [], library: null, enableParentReport: false },
  { id: REPORT_TYPES.tally, type: 'tally', display_name: 'Tally report', arabic_display_name: 'تقرير الإحصاء', isReport: false, switches: '', switch_list: [], library: null, enableParentReport: false },
]

/**
 * The report libraries (`assessment_libraries l`) an institution is offered: global ones and those holding an
 * assessment assigned to it. The report-type list shows these and the reports read no other (ADR 0114).
 */
export function offeredReportLibraries(institutionId: number): SQL {
  return sql`l.is_report and (l.is_global or exists (
      select 1 from assessment_library_entries e
      join library_entry_assessments lea on lea.entry_id = e.id
      join assessment_clients ac on ac.assessment_id = lea.assessment_id
      where e.library_id = l.id and ac.institution_id = ${institutionId}))`
}

export async function reportTypes(db: Db, institutionId: number): Promise<ReportType[]> {
  const libraries = await query<{ id: number; display_name: string; switches: string }>(db, sql`
    select l.id, l.display_name, l.switches from assessment_libraries l
    where ${offeredReportLibraries(institutionId)}
    order by l.id`)
  return [
    ...BUILT_IN,
    ...libraries.map((l): ReportType => {
      const list = switchList(l.switches)
      return {
        id: BUNDLE_START + Number(l.id), type: list.includes('comparative') ? 'comparative' : 'bundle', display_name: l.display_name,
        arabic_display_name: l.display_name, isReport: true, switches: l.switches, switch_list: list, library: Number(l.id),
        enableParentReport: list.includes('enableParentReport'),
      }
    }),
  ]
}
