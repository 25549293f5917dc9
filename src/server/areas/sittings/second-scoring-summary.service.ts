// Agreement between first and second scorers per teacher and per school over a period (issue 27, ADR 0128): how
// many sittings were scored a second time, the mean percent agreement, kappa over all word codes pooled, and the
// miscue types most often disagreed on. Each second scoring is set beside the first marks it was made against
// (the sitting's marks at the version it was scored on), so settling it later does not change the figures.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { assessments, contentDisplayTypes, schools, users } from '../../db/schema/tables'
import { secondScorings, sittings, sittingVersions } from '../../db/schema/sittings'
import { HttpError } from '../../lib/http-error'
import { passageWords } from '../../../shared/reports/figures'
import { pooledAgreement, type ScoringPair } from '../../../shared/reports/scorer-agreement'
import type { AgreementSummary, AgreementSummaryRow } from '../../../shared/schemas/second-scoring'
import type { SittingMark } from '../../../shared/schemas/sitting'
import { miscueTypesOf } from '../../domain/scoring'
import { SITTING_MESSAGES as M } from './sittings.messages'
import type { InstitutionScope } from '../../domain/scope'
import { marksOfSittings } from './sittings.service'

export type SummaryBy = AgreementSummary['by']

type Scored = { sitting_id: number; sitting_version: number; current: number }

/**
 * The first marks each second scoring was made against, by `sitting:version`: the sitting's marks now, or those
 * its next version replaced (the trail's `before`) when it changed since. Read in a few queries for any number.
 */
async function firstMarksAt(db: Db, scored: readonly Scored[]): Promise<Map<string, SittingMark[]>> {
  const key = (sittingId: number, version: number) => `${sittingId}:${version}`
  const current = new Map(scored.map((r) => [r.sitting_id, r.current]))
  const now = await marksOfSittings(db, [...new Set(scored.filter((r) => r.sitting_version === r.current).map((r) => r.sitting_id))])
  const by = new Map([...now].map(([id, marks]) => [key(id, current.get(id)!), marks]))
  const changed = [...new Set(scored.filter((r) => r.sitting_version !== r.current).map((r) => r.sitting_id))]
  for (let at = 0; at < changed.length; at += 1000) {
    const versions = await db.select({ sitting_id: sittingVersions.sitting_id, version: sittingVersions.version, before: sittingVersions.before })
      .from(sittingVersions).where(inArray(sittingVersions.sitting_id, changed.slice(at, at + 1000)))
    for (const v of versions) by.set(key(v.sitting_id, v.version - 1), v.before.marks)
  }
  return by
}

/**
 * Per teacher: school staff see the teachers of the schools they reach, institution staff every teacher, a teacher
 * only their own row. Per school: school staff their schools, institution staff every school; not teachers.
 */
export async function agreementSummary(s: InstitutionScope, by: SummaryBy, from: string, to: string): Promise<AgreementSummary> {
  if (by === 'school' && s.user.role === 'teacher') throw HttpError.say(403, M.summaryPerSchool, s.lang)
  const reached = await s.schools()
  const rows = await s.db.select({
    second: secondScorings, current: sittings.version, school_id: sittings.school_id, teacher_id: sittings.teacher_id,
    content: assessments.content, display: contentDisplayTypes.code,
    school_name: schools.display_name, school_name_ar: schools.arabic_display_name, first_name: users.first_name, last_name: users.last_name,
  }).from(secondScorings)
    .innerJoin(sittings, eq(sittings.id, secondScorings.sitting_id))
    .innerJoin(assessments, eq(assessments.id, sittings.assessment_id))
    .innerJoin(contentDisplayTypes, eq(contentDisplayTypes.id, assessments.content_display_type_id))
    .innerJoin(schools, eq(schools.id, sittings.school_id))
    .leftJoin(users, eq(users.id, sittings.teacher_id))
    .where(and(
      eq(sittings.institution_id, s.institution.id), isNull(sittings.voided_at),
      sql`${sittings.created_in_device_at} >= (${from}::date)::timestamp at time zone 'UTC' and ${sittings.created_in_device_at} < (${to}::date + 1)::timestamp at time zone 'UTC'`,
      reached === 'all' ? undefined : inArray(sittings.school_id, reached.length ? reached : [0]),
      s.user.role === 'teacher' ? eq(sittings.teacher_id, s.user.id) : undefined,
    ))
    .orderBy(asc(secondScorings.id))
  const firstMarks = await firstMarksAt(s.db, rows.map((r) => ({ sitting_id: r.second.sitting_id, sitting_version: r.second.sitting_version, current: r.current })))
  const groups = new Map<string, { row: Pick<AgreementSummaryRow, 'id' | 'name' | 'arabic_name'>; sittings: Set<number>; pairs: ScoringPair[] }>()
  for (const r of rows) {
    const words = r.display === 'text' ? passageWords(r.content).length : 0
    if (words === 0) continue
    const teacherName = r.first_name === null ? '' : `${r.first_name} ${r.last_name}`
    const row = by === 'teacher'
      ? { id: r.teacher_id, name: teacherName, arabic_name: teacherName }
      : { id: r.school_id, name: r.school_name, arabic_name: r.school_name_ar }
    const group = groups.get(String(row.id)) ?? { row, sittings: new Set<number>(), pairs: [] }
    groups.set(String(row.id), group)
    group.sittings.add(r.second.sitting_id)
    group.pairs.push({ words, first: firstMarks.get(`${r.second.sitting_id}:${r.second.sitting_version}`) ?? [], second: r.second.marks })
  }
  const types = new Map((await miscueTypesOf(s.db, s.institution.id)).map((t) => [t.code, t]))
  return {
    by, from_date: from, to_date: to,
    rows: [...groups.values()].map(({ row, sittings: read, pairs }) => {
      const pooled = pooledAgreement(pairs)
      return {
        ...row, sittings: read.size, scorings: pooled.pairs, mean_percent: pooled.mean_percent, kappa: pooled.kappa, words: pooled.words,
        disagreed_types: pooled.disagreed_types.map((d) => ({ ...d, name: types.get(d.type)?.display_name ?? d.type, arabic_name: types.get(d.type)?.arabic_display_name ?? d.type })),
      }
    }).sort((a, b) => a.name.localeCompare(b.name) || (a.id ?? 0) - (b.id ?? 0)),
  }
}
