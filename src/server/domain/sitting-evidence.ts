// A reading's record is evidence (ADR 0112): a student, class, academic year or school that sittings refer to
// is not deleted. Services ask which of the rows they list have sittings (is_deletable) and count those of the
// row they are asked to delete (the refusal names how many), on the same column. The foreign keys refuse too.
import { count, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { sittings } from '../db/schema/sittings'
import { HttpError } from '../lib/http-error'
import type { Lang, Text } from '../lib/messages'
import { HAS_SITTINGS } from '../../shared/api'

export type EvidenceHolder = 'student' | 'class' | 'academicYear' | 'school'

const COLUMN = {
  student: sittings.student_id,
  class: sittings.class_id,
  academicYear: sittings.academic_year_id,
  school: sittings.school_id,
} as const

/** More ids than a list's page (downloads): probed in one statement instead of one probe each. */
const PROBES_MAX = 100

/**
 * Which of `ids` sittings refer to. One index probe per id, each planned for its own value: a year or school
 * may have hundreds of thousands of sittings and a new one none, and a list only needs to know whether there
 * is one. (Written over all ids at once, as EXISTS or a lateral LIMIT 1, the planner chose to read every
 * sitting for the id that has none.)
 */
export async function withSittings(db: Db, holder: EvidenceHolder, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  if (ids.length > PROBES_MAX) {
    // A download's thousands of rows: one statement, which reads the sittings of those rows once.
    const rows = await db.selectDistinct({ id: COLUMN[holder] }).from(sittings).where(inArray(COLUMN[holder], ids))
    return new Set(rows.map((r) => r.id))
  }
  const column = sql`${sittings}.${sql.identifier(COLUMN[holder].name)}`
  const probes = [...new Set(ids)].map((id) => sql`select ${id}::int as id where exists (select 1 from ${sittings} where ${column} = ${id})`)
  const res = await db.execute(sql.join(probes, sql` union all `))
  return new Set((res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)))
}

const arabicRules = new Intl.PluralRules('ar')

/** "3 reading records" in both languages, with Arabic's number agreement. */
function records(n: number): Text {
  const en = `${n} reading record${n === 1 ? '' : 's'}`
  switch (arabicRules.select(n)) {
    case 'one': return { en, ar: 'سجلُّ قراءة واحد' }
    case 'two': return { en, ar: 'سجلّا قراءة' }
    case 'few': return { en, ar: `${n} سجلات قراءة` }
    case 'many': return { en, ar: `${n} سجلًّا للقراءة` }
    default: return { en, ar: `${n} سجلِّ قراءة` }
  }
}

const REFUSAL: Record<EvidenceHolder, (r: Text) => Text> = {
  student: (r) => ({
    en: `This student has ${r.en} and cannot be deleted: reading records are kept as evidence.`,
    ar: `لهذا الطالب ${r.ar}، فلا يمكن حذفه: سجلات القراءة تُحفظ دليلًا.`,
  }),
  class: (r) => ({
    en: `This class has ${r.en} and cannot be deleted: reading records are kept as evidence.`,
    ar: `لهذا الفصل ${r.ar}، فلا يمكن حذفه: سجلات القراءة تُحفظ دليلًا.`,
  }),
  academicYear: (r) => ({
    en: `This academic year has ${r.en} and cannot be deleted: reading records are kept as evidence.`,
    ar: `لهذه السنة الدراسية ${r.ar}، فلا يمكن حذفها: سجلات القراءة تُحفظ دليلًا.`,
  }),
  school: (r) => ({
    en: `This school has ${r.en} and cannot be deleted: reading records are kept as evidence.`,
    ar: `لهذه المدرسة ${r.ar}، فلا يمكن حذفها: سجلات القراءة تُحفظ دليلًا.`,
  }),
}

/** Refuses (409, code has_sittings) to delete a row that sittings refer to, naming how many. */
export async function assertNoSittings(db: Db, holder: EvidenceHolder, id: number, lang: Lang): Promise<void> {
  const [row] = await db.select({ n: count() }).from(sittings).where(eq(COLUMN[holder], id))
  const n = Number(row?.n ?? 0)
  if (n === 0) return
  throw new HttpError(409, [REFUSAL[holder](records(n))[lang]], undefined, { _: HAS_SITTINGS })
}
