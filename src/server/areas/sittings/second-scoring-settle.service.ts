// Settling a second scoring (issue 27, ADR 0128): on each word where the two scorings disagree, the first
// scorer's mark or the second's is final. The result is a corrected version of the sitting (changeSitting: its
// trail keeps who, when, before and after), scored with the profile the sitting has; reports follow it.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { secondScorings } from '../../db/schema/sittings'
import { HttpError } from '../../lib/http-error'
import { EDIT_CONFLICT } from '../../../shared/api'
import { scoringAgreement } from '../../../shared/reports/scorer-agreement'
import { CODES } from '../../../shared/schemas/codes'
import type { SettledScorings, SettleScoringsInput } from '../../../shared/schemas/second-scoring'
import type { SittingMark } from '../../../shared/schemas/sitting'
import { SITTING_MESSAGES as M } from './sittings.messages'
import type { InstitutionScope } from '../../domain/scope'
import { readSitting, sittingMarksOf } from './sittings.service'
import { changeSitting } from './sitting-version.service'
import { secondOf, sittingOf, type Where } from './second-scoring.service'

type Picks = NonNullable<SettleScoringsInput['picks']>

/** The word of the passage a mark is compared on (as scoringAgreement sets it: past the end, the last word). */
const wordOf = (m: SittingMark, words: number) => Math.max(0, Math.min(words - 1, m.word_index))

/** The words the second scorer's marks are taken on; each pick must name a disagreement, once. */
function takenWords(s: InstitutionScope, picks: Picks, disagreeing: Set<number>): Set<number> {
  const seen = new Set<number>()
  picks.forEach((p, i) => {
    const field = `picks.${i}.word_index`
    if (!disagreeing.has(p.word_index)) throw HttpError.say(400, M.pickNotDisagreement(p.word_index), s.lang, field, CODES.invalidChoice)
    if (seen.has(p.word_index)) throw HttpError.say(400, M.pickTwice(p.word_index), s.lang, field, CODES.invalidChoice)
    seen.add(p.word_index)
  })
  return new Set(picks.filter((p) => p.take === 'second').map((p) => p.word_index))
}

/** Marks the second scoring settled in the change's transaction; a settling that won a race refuses this one. */
async function markSettled(s: InstitutionScope, tx: Db, secondId: number, version: number) {
  const [row] = await tx.select().from(secondScorings).where(eq(secondScorings.id, secondId)).for('update')
  if (row?.settled_version != null) throw new HttpError(409, [M.alreadySettled(row.settled_version)[s.lang]], undefined, { _: 'settled' })
  await tx.update(secondScorings).set({ settled_version: version, settled_at: new Date() }).where(eq(secondScorings.id, secondId))
}

export async function settleScorings(s: InstitutionScope, id: number, where: Where, input: SettleScoringsInput & { picks: Picks }): Promise<SettledScorings> {
  const { row, words } = await sittingOf(s, id, where)
  if (s.user.role === 'teacher' && row.teacher_id !== s.user.id) throw HttpError.say(403, M.notYourSitting, s.lang)
  const [second] = await s.db.select().from(secondScorings).where(and(eq(secondScorings.id, input.second_scoring), eq(secondScorings.sitting_id, id)))
  if (!second) throw HttpError.say(400, M.secondScoringUnknown, s.lang, 'second_scoring', CODES.invalidChoice)
  if (second.settled_version !== null) throw new HttpError(409, [M.alreadySettled(second.settled_version)[s.lang]], undefined, { _: 'settled' })
  if (row.voided_at) throw new HttpError(409, [M.sittingVoid[s.lang]], undefined, { _: 'voided' })
  if (row.version !== input.version) {
    throw new HttpError(409, [M.changedSinceComparison(input.version, row.version)[s.lang]], undefined, { _: EDIT_CONFLICT }, undefined, await readSitting(s, id))
  }
  const first = await sittingMarksOf(s.db, id)
  const agreement = scoringAgreement(words.length, first, second.marks)
  const taken = takenWords(s, input.picks, new Set(agreement.disagreements.map((d) => d.word_index)))
  const marks = [...first.filter((m) => !taken.has(wordOf(m, words.length))), ...second.marks.filter((m) => taken.has(wordOf(m, words.length)))]
    .sort((a, b) => a.word_index - b.word_index)
    .map((m) => ({ ...m, letter_index: m.letter_index ?? undefined, said: m.said ?? '' }))
  const reason = input.reason ?? M.settleReason(second.scored_by_name, [...taken].sort((a, b) => a - b))[s.lang]
  const sitting = await changeSitting(s, id, where, { kind: 'corrected', version: input.version, reason, marks }, (tx, version) => markSettled(s, tx, second.id, version))
  const [settled] = await s.db.select().from(secondScorings).where(eq(secondScorings.id, second.id))
  return { sitting, second_scoring: secondOf(settled!) }
}
