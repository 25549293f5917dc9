// Copies classes from one school to another of the same institution. Grades and sections are matched in the
// destination school by identifier and created there when missing; subjects are copied; teachers are not,
// since they are mapped to the source school.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { classes, classSubjects, grades, sections } from '../../db/schema/tables'
import { HttpError } from '../../lib/http-error'
import type { InstitutionScope } from '../../domain/scope'
import { CLASS_MESSAGES } from './classes.messages'

async function matchOrCreate(
  tx: Db,
  table: typeof grades | typeof sections,
  institutionId: number,
  schoolId: number,
  source: { identifier: string; display_name: string },
): Promise<number> {
  const [found] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.school_id, schoolId), sql`lower(${table.identifier}) = ${source.identifier.toLowerCase()}`))
  if (found) return found.id
  const [made] = await tx
    .insert(table)
    .values({ institution_id: institutionId, school_id: schoolId, identifier: source.identifier, display_name: source.display_name })
    .returning({ id: table.id })
  return made!.id
}

/** Picks an identifier not yet used in the destination: "3A", then "3A (2)", "3A (3)"… */
function freeIdentifier(wanted: string, taken: Set<string>): string {
  let candidate = wanted
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${wanted} (${n})`.slice(0, 50)
  taken.add(candidate.toLowerCase())
  return candidate
}

export async function copyClasses(s: InstitutionScope, srcSchool: number, destSchool: number, classIds: number[]) {
  if (srcSchool === destSchool) throw HttpError.say(400, CLASS_MESSAGES.sameSchool, s.lang, 'des_school')
  const source = await s.db
    .select()
    .from(classes)
    .where(and(eq(classes.institution_id, s.institution.id), eq(classes.school_id, srcSchool), inArray(classes.id, classIds)))
  if (source.length !== new Set(classIds).size) throw HttpError.of(404, 'notFound', s.lang)
  return s.db.transaction(async (rawTx) => {
    const tx = rawTx as unknown as Db
    const existing = await tx.select({ identifier: classes.identifier }).from(classes).where(eq(classes.school_id, destSchool))
    const taken = new Set(existing.map((e) => e.identifier.toLowerCase()))
    const created: { id: number; name: string; source_id: number }[] = []
    for (const cls of source) {
      const [grade] = await tx.select().from(grades).where(eq(grades.id, cls.grade_id))
      const gradeId = await matchOrCreate(tx, grades, s.institution.id, destSchool, grade!)
      let sectionId: number | null = null
      if (cls.section_id) {
        const [section] = await tx.select().from(sections).where(eq(sections.id, cls.section_id))
        sectionId = await matchOrCreate(tx, sections, s.institution.id, destSchool, section!)
      }
      const [row] = await tx
        .insert(classes)
        .values({
          institution_id: s.institution.id,
          school_id: destSchool,
          identifier: freeIdentifier(cls.identifier, taken),
          display_name: cls.display_name,
          grade_id: gradeId,
          section_id: sectionId,
        })
        .returning()
      const subjectRows = await tx.select().from(classSubjects).where(eq(classSubjects.class_id, cls.id))
      if (subjectRows.length) await tx.insert(classSubjects).values(subjectRows.map((x) => ({ class_id: row!.id, subject_id: x.subject_id })))
      created.push({ id: row!.id, name: row!.display_name, source_id: cls.id })
    }
    return { copied: created.length, classes: created }
  })
}
