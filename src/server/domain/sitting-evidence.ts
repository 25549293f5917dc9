// A reading's record is evidence (ADR 0112): a student, class, academic year or school that sittings refer to
// is not deleted. Services count the sittings of the rows they list (is_deletable) and of the row they are
// asked to delete (the refusal names how many), from the same query. The foreign keys refuse too.
import { count, inArray } from 'drizzle-orm'
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

/** How many sittings refer to each of `ids` (ids without sittings are absent). */
export async function sittingCounts(db: Db, holder: EvidenceHolder, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const column = COLUMN[holder]
  const rows = await db.select({ id: column, n: count() }).from(sittings).where(inArray(column, ids)).groupBy(column)
  return new Map(rows.map((r) => [r.id, Number(r.n)]))
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
  const n = (await sittingCounts(db, holder, [id])).get(id) ?? 0
  if (n === 0) return
  throw new HttpError(409, [REFUSAL[holder](records(n))[lang]], undefined, { _: HAS_SITTINGS })
}
