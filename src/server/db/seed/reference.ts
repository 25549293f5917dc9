// Reference data every installation needs, inserted at each start when missing (never overwritten,
// so platform staff can rename entries).
import { subjects } from '../schema/tables'
import type { Db } from '../client'
import { ensureAssessmentReferenceData } from './assessment-reference'

export const SUBJECTS = [
  { code: 'english-reading', display_name: 'English Reading', arabic_display_name: 'القراءة باللغة الإنجليزية', directions_code: 'ltr' },
  { code: 'arabic-reading', display_name: 'Arabic Reading', arabic_display_name: 'القراءة باللغة العربية', directions_code: 'rtl' },
]

export async function ensureReferenceData(db: Db): Promise<void> {
  await db.insert(subjects).values(SUBJECTS).onConflictDoNothing({ target: subjects.code })
  await ensureAssessmentReferenceData(db)
}
