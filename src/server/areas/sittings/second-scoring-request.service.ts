// Asking for a second scoring (issue 27, ADR 0128): school staff, or the teacher who recorded a sitting, names a
// person who may score it blind (school staff, or another teacher of its school); the person sees it in their
// "waiting for me" list until they save their scoring.
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import { assessments, classes, students, users, userSchools } from '../../db/schema/tables'
import { secondScoringRequests, secondScorings, sittings } from '../../db/schema/sittings'
import { HttpError } from '../../lib/http-error'
import { CODES } from '../../../shared/schemas/codes'
import type { SecondScorerChoice, SecondScoringRequest, WaitingScoring } from '../../../shared/schemas/second-scoring'
import { SITTING_MESSAGES as M } from './sittings.messages'
import type { InstitutionScope } from '../../domain/scope'
import type { SittingRow } from './sitting-version.service'
import { assertScorable, sittingOf, type Where } from './second-scoring.service'

const nameOf = (u: { first_name: string; last_name: string; email: string }) => `${u.first_name} ${u.last_name} <${u.email}>`

/** Who may ask: school staff for the schools they reach, and the teacher who recorded the sitting. */
function assertAsker(s: InstitutionScope, row: SittingRow) {
  if (s.user.role === 'teacher' && row.teacher_id !== s.user.id) throw HttpError.say(403, M.notAsker, s.lang)
}

/** Active people of the institution who may score it: its administrators, and the school's staff and teachers but the recorder. */
async function scorersOf(s: InstitutionScope, row: SittingRow, only?: number) {
  const ofSchool = sql`exists (select 1 from ${userSchools} where ${userSchools.user_id} = ${users.id} and ${userSchools.school_id} = ${row.school_id})`
  return s.db.select({ id: users.id, first_name: users.first_name, last_name: users.last_name, email: users.email, role: users.role }).from(users)
    .where(and(
      eq(users.institution_id, s.institution.id), eq(users.is_active, true),
      or(eq(users.role, 'institution_admin'), and(inArray(users.role, ['school_admin', 'teacher']), ofSchool)),
      row.teacher_id === null ? undefined : ne(users.id, row.teacher_id),
      only === undefined ? undefined : eq(users.id, only),
    ))
    .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id))
}

async function requestsOf(s: InstitutionScope, sittingId: number): Promise<SecondScoringRequest[]> {
  const rows = await s.db.select({ r: secondScoringRequests, first_name: users.first_name, last_name: users.last_name, email: users.email })
    .from(secondScoringRequests).innerJoin(users, eq(users.id, secondScoringRequests.scorer_id))
    .where(eq(secondScoringRequests.sitting_id, sittingId)).orderBy(asc(secondScoringRequests.asked_at), asc(secondScoringRequests.id))
  return rows.map(({ r, ...u }) => ({
    id: r.id, sitting_id: r.sitting_id, scorer: r.scorer_id, scorer_name: nameOf(u), asked_by: r.asked_by, asked_by_name: r.asked_by_name,
    asked_at: r.asked_at.toISOString(), done_at: r.done_at?.toISOString() ?? null,
  }))
}

/** The people the caller may ask to score this sitting, each with the request already made to them. */
export async function secondScorerChoices(s: InstitutionScope, id: number, where: Where): Promise<SecondScorerChoice[]> {
  const { row, words } = await sittingOf(s, id, where)
  assertAsker(s, row)
  assertScorable(s, row, words)
  const requests = await requestsOf(s, id)
  return (await scorersOf(s, row)).map((u) => ({
    id: u.id, name: `${u.first_name} ${u.last_name}`, email: u.email, role: u.role as SecondScorerChoice['role'],
    request: requests.find((r) => r.scorer === u.id) ?? null,
  }))
}

/** Asks one person to score the sitting blind; asking the same person again answers the request already made. */
export async function askSecondScoring(s: InstitutionScope, id: number, where: Where, scorerId: number): Promise<SecondScoringRequest> {
  const { row, words } = await sittingOf(s, id, where)
  assertAsker(s, row)
  assertScorable(s, row, words)
  if ((await scorersOf(s, row, scorerId)).length === 0) throw HttpError.say(400, M.notAskable, s.lang, 'scorer', CODES.invalidChoice)
  const [scored] = await s.db.select({ at: secondScorings.scored_at }).from(secondScorings)
    .where(and(eq(secondScorings.sitting_id, id), eq(secondScorings.scored_by, scorerId)))
  await s.db.insert(secondScoringRequests).values({
    institution_id: s.institution.id, sitting_id: id, scorer_id: scorerId, asked_by: s.user.id, asked_by_name: nameOf(s.user), done_at: scored?.at ?? null,
  }).onConflictDoNothing({ target: [secondScoringRequests.sitting_id, secondScoringRequests.scorer_id] })
  return (await requestsOf(s, id)).find((r) => r.scorer === scorerId)!
}

/** The readings the signed-in user was asked to score and has not yet: never their first marks or figures. */
export async function waitingScorings(s: InstitutionScope): Promise<WaitingScoring[]> {
  const schools = await s.schools()
  const rows = await s.db.select({
    r: secondScoringRequests, school_id: sittings.school_id, class_id: sittings.class_id, class_name: classes.display_name,
    first_name: students.first_name, last_name: students.last_name, assessment_name: assessments.title,
  }).from(secondScoringRequests)
    .innerJoin(sittings, eq(sittings.id, secondScoringRequests.sitting_id))
    .innerJoin(classes, eq(classes.id, sittings.class_id))
    .innerJoin(students, eq(students.id, sittings.student_id))
    .innerJoin(assessments, eq(assessments.id, sittings.assessment_id))
    .where(and(
      eq(secondScoringRequests.scorer_id, s.user.id), isNull(secondScoringRequests.done_at),
      eq(sittings.institution_id, s.institution.id), isNull(sittings.voided_at),
      schools === 'all' ? undefined : inArray(sittings.school_id, schools.length ? schools : [0]),
    ))
    .orderBy(asc(secondScoringRequests.asked_at), asc(secondScoringRequests.id))
  return rows.map(({ r, ...w }) => ({
    request_id: r.id, sitting_id: r.sitting_id, school_id: w.school_id, class_id: w.class_id, class_name: w.class_name,
    student_name: `${w.first_name} ${w.last_name}`, assessment_name: w.assessment_name, asked_by_name: r.asked_by_name, asked_at: r.asked_at.toISOString(),
  }))
}
