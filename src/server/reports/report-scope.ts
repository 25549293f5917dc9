// Where a report looks (class, school or institution) turned into SQL conditions, after the tenant and
// school checks. Users who do not see every school get the institution scope limited to their schools (ADR 0046).
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { classes, institutions, schools } from '../db/schema/tables'
import { HttpError } from '../lib/http-error'
import type { Lang } from '../lib/messages'
import type { ScopeName } from '../../shared/schemas/report'
import { COUNTED } from './sql'

export type ReportReader = { db: Db; lang: Lang; institutionId: number; schools: 'all' | number[] }

export type ResolvedScope = {
  name: ScopeName
  /** Class, school or institution name, for file names and titles. */
  label: string
  /** Condition on sittings alias `s` (the sittings that count: not voided). */
  sittings: SQL
  /** Condition on students alias `st` (who is listed even without sittings). */
  students: SQL
}

function schoolList(r: ReportReader, column: SQL): SQL {
  if (r.schools === 'all') return sql`true`
  if (r.schools.length === 0) return sql`false`
  return sql`${column} in (${sql.join(r.schools.map((id) => sql`${id}`), sql`, `)})`
}

/** 404 for a class or school of another institution, 403 for a school the user is not mapped to. */
export async function resolveScope(r: ReportReader, name: ScopeName, id: number | null): Promise<ResolvedScope> {
  const inst = r.institutionId
  if (name === 'class') {
    const [cls] = await r.db.select({ id: classes.id, school_id: classes.school_id, name: classes.display_name }).from(classes)
      .where(and(eq(classes.id, id ?? 0), eq(classes.institution_id, inst)))
    if (!cls) throw HttpError.of(404, 'notFound', r.lang)
    if (r.schools !== 'all' && !r.schools.includes(cls.school_id)) throw HttpError.of(403, 'schoolForbidden', r.lang)
    return {
      name, label: cls.name,
      sittings: sql`s.institution_id = ${inst} and s.class_id = ${cls.id} and ${COUNTED}`,
      students: sql`st.institution_id = ${inst} and st.id in (select student_id from student_class_relations where class_id = ${cls.id})`,
    }
  }
  if (name === 'school') {
    const [school] = await r.db.select({ id: schools.id, name: schools.display_name, ar: schools.arabic_display_name }).from(schools)
      .where(and(eq(schools.id, id ?? 0), eq(schools.institution_id, inst)))
    if (!school) throw HttpError.of(404, 'notFound', r.lang)
    if (r.schools !== 'all' && !r.schools.includes(school.id)) throw HttpError.of(403, 'schoolForbidden', r.lang)
    return {
      name, label: r.lang === 'ar' ? school.ar : school.name,
      sittings: sql`s.institution_id = ${inst} and s.school_id = ${school.id} and ${COUNTED}`,
      students: sql`st.institution_id = ${inst} and st.school_id = ${school.id}`,
    }
  }
  const [institution] = await r.db.select({ name: institutions.organization_name }).from(institutions).where(eq(institutions.id, inst))
  return {
    name, label: institution?.name ?? '',
    sittings: sql`s.institution_id = ${inst} and ${schoolList(r, sql`s.school_id`)} and ${COUNTED}`,
    students: sql`st.institution_id = ${inst} and ${schoolList(r, sql`st.school_id`)}`,
  }
}

/** Sittings made on the days from..to, both whole days included (UTC days). */
export function dayRange(from: string, to: string): SQL {
  return sql`s.created_in_device_at >= (${from}::date)::timestamp at time zone 'UTC' and s.created_in_device_at < (${to}::date + 1)::timestamp at time zone 'UTC'`
}
