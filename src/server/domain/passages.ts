// The passages an institution records sittings on: its assessments (through assessment_clients) with what
// recording and the capture kit need of each. One query for both, so a sitting is checked against the same
// passage the tablet was given.
import { and, asc, eq, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { assessmentClients, assessments, assessmentTypes, contentDisplayTypes, subjects } from '../db/schema/tables'

/** The institution's passages that `where` selects (e.g. one id, or those shown as text), by title. */
export function passagesOf(db: Db, institutionId: number, where: SQL) {
  return db
    .select({
      id: assessments.id, title: assessments.title, content: assessments.content, duration: assessments.duration, display: contentDisplayTypes.code,
      direction: subjects.directions_code, type_code: assessmentTypes.code, comprehension: assessments.comprehension,
    })
    .from(assessments)
    .innerJoin(assessmentTypes, eq(assessmentTypes.id, assessments.assessment_type_id))
    .innerJoin(assessmentClients, and(eq(assessmentClients.assessment_id, assessments.id), eq(assessmentClients.institution_id, institutionId)))
    .innerJoin(contentDisplayTypes, eq(contentDisplayTypes.id, assessments.content_display_type_id))
    .innerJoin(subjects, eq(subjects.id, assessments.subject_id))
    .where(where)
    .orderBy(asc(assessments.title), asc(assessments.id))
}
