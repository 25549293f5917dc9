// Which school a class belongs to, and whether a year is the institution's: the lookups a call addressed by
// class or year id makes before anything else (a foreign id answers 404, ADR 0065). Never sees a request.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { academicYears, classes } from '../db/schema/tables'

/** The school of a class of this institution (optionally: only if it is in `schoolId`); null when it is not theirs. */
export async function schoolOfClass(db: Db, institutionId: number, classId: number, schoolId?: number): Promise<number | null> {
  const [cls] = await db.select({ school_id: classes.school_id }).from(classes)
    .where(and(eq(classes.id, classId), eq(classes.institution_id, institutionId), schoolId === undefined ? undefined : eq(classes.school_id, schoolId)))
  return cls?.school_id ?? null
}

/** Whether the year is one of this institution's. */
export async function isInstitutionYear(db: Db, institutionId: number, yearId: number): Promise<boolean> {
  const [year] = await db.select({ id: academicYears.id }).from(academicYears)
    .where(and(eq(academicYears.id, yearId), eq(academicYears.institution_id, institutionId)))
  return year !== undefined
}
