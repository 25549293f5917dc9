// Assessment reference data (skills, assessment types, content display types, levels), inserted when missing
// and never overwritten, keyed by `code` like the subjects. Subjects themselves are seeded in reference.ts.
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../client'
import { assessmentTypeContentTypes, assessmentTypes, contentDisplayTypes, levels, skillTypes, subjects } from '../schema/tables'

export const CONTENT_DISPLAY_TYPES = [
  { code: 'text', display_name: 'Text', arabic_display_name: 'نص' },
  { code: 'pdf', display_name: 'PDF', arabic_display_name: 'ملف PDF' },
]

export const LEVELS = [
  { code: 'kg1', display_name: 'KG1', arabic_display_name: 'الروضة الأولى', sort_order: 1 },
  { code: 'kg2', display_name: 'KG2', arabic_display_name: 'الروضة الثانية', sort_order: 2 },
  { code: 'grade-1', display_name: 'Grade 1', arabic_display_name: 'الصف الأول', sort_order: 3 },
  { code: 'grade-2', display_name: 'Grade 2', arabic_display_name: 'الصف الثاني', sort_order: 4 },
  { code: 'grade-3', display_name: 'Grade 3', arabic_display_name: 'الصف الثالث', sort_order: 5 },
  { code: 'grade-4', display_name: 'Grade 4', arabic_display_name: 'الصف الرابع', sort_order: 6 },
  { code: 'grade-5', display_name: 'Grade 5', arabic_display_name: 'الصف الخامس', sort_order: 7 },
  { code: 'grade-6', display_name: 'Grade 6', arabic_display_name: 'الصف السادس', sort_order: 8 },
]

const SUBJECT_PREFIX = { 'english-reading': 'en', 'arabic-reading': 'ar' } as const

const SKILLS = [
  { key: 'orf', display_name: 'Oral reading fluency', arabic_display_name: 'الطلاقة في القراءة الجهرية' },
  { key: 'phonics', display_name: 'Phonics', arabic_display_name: 'الصوتيات' },
  { key: 'comprehension', display_name: 'Comprehension', arabic_display_name: 'الفهم القرائي' },
]

/** Per subject: type key, skill key, names, parent type key, allowed display types. */
const TYPES = [
  { key: 'passage', skill: 'orf', display_name: 'Reading passage', arabic_display_name: 'نص قرائي', parent: null, content: ['text', 'pdf'] },
  { key: 'letter-sounds', skill: 'phonics', display_name: 'Letter sounds', arabic_display_name: 'أصوات الحروف', parent: null, content: ['text'] },
  { key: 'word-reading', skill: 'phonics', display_name: 'Word reading', arabic_display_name: 'قراءة الكلمات', parent: null, content: ['text', 'pdf'] },
  { key: 'comprehension-questions', skill: 'comprehension', display_name: 'Comprehension questions', arabic_display_name: 'أسئلة الفهم', parent: 'passage', content: ['text', 'pdf'] },
] as const

export async function ensureAssessmentReferenceData(db: Db): Promise<void> {
  await db.insert(contentDisplayTypes).values(CONTENT_DISPLAY_TYPES).onConflictDoNothing({ target: contentDisplayTypes.code })
  await db.insert(levels).values(LEVELS).onConflictDoNothing({ target: levels.code })
  const subjectRows = await db.select().from(subjects).where(inArray(subjects.code, Object.keys(SUBJECT_PREFIX)))
  const display = new Map((await db.select().from(contentDisplayTypes)).map((r) => [r.code, r.id]))
  for (const subject of subjectRows) {
    const prefix = SUBJECT_PREFIX[subject.code as keyof typeof SUBJECT_PREFIX]
    await db
      .insert(skillTypes)
      .values(SKILLS.map((s) => ({ code: `${prefix}-${s.key}`, subject_id: subject.id, display_name: s.display_name, arabic_display_name: s.arabic_display_name })))
      .onConflictDoNothing({ target: skillTypes.code })
    const skills = new Map((await db.select().from(skillTypes).where(eq(skillTypes.subject_id, subject.id))).map((r) => [r.code, r.id]))
    for (const t of TYPES) {
      const skillId = skills.get(`${prefix}-${t.skill}`)
      if (!skillId) continue
      const parent = t.parent
        ? (await db.select({ id: assessmentTypes.id }).from(assessmentTypes).where(eq(assessmentTypes.code, `${prefix}-${t.parent}`)))[0]?.id ?? null
        : null
      const inserted = await db
        .insert(assessmentTypes)
        .values({ code: `${prefix}-${t.key}`, skill_type_id: skillId, parent_type_id: parent, display_name: t.display_name, arabic_display_name: t.arabic_display_name })
        .onConflictDoNothing({ target: assessmentTypes.code })
        .returning({ id: assessmentTypes.id })
      const typeId = inserted[0]?.id
      if (!typeId) continue // already there: its allowed display types may have been changed on purpose
      const allowed = t.content.map((code) => display.get(code)).filter((x): x is number => x !== undefined)
      if (allowed.length) {
        await db.insert(assessmentTypeContentTypes).values(allowed.map((content_display_type_id) => ({ assessment_type_id: typeId, content_display_type_id }))).onConflictDoNothing()
      }
    }
  }
}
