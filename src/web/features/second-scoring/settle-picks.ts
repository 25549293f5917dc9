// Settling a comparison (issue 27, ADR 0128): for each disagreement the coach takes the first or the second
// scorer's marks; a disagreement not picked keeps the first scorer's. The picks become the settle call's body,
// on the sitting version the comparison showed.
import type { SettleScoringsInput } from '../../../shared/schemas/second-scoring'

export type Take = 'first' | 'second'
export type Picks = Readonly<Record<number, Take>>

/** The mark a word ends with: the pick, or the first scorer's. */
export function takenOn(picks: Picks, word: number): Take {
  return picks[word] ?? 'first'
}

export function pick(picks: Picks, word: number, take: Take): Picks {
  return { ...picks, [word]: take }
}

/** The body of the settle call: only the disagreements still there, each named once, in word order. */
export function settleBody(secondScoring: number, version: number, disagreements: readonly { word_index: number }[], picks: Picks, reason = ''): SettleScoringsInput {
  const words = [...new Set(disagreements.map((d) => d.word_index))].sort((a, b) => a - b)
  return {
    second_scoring: secondScoring, version,
    picks: words.map((word_index) => ({ word_index, take: takenOn(picks, word_index) })),
    ...(reason.trim() ? { reason: reason.trim() } : {}),
  }
}

/** How many words take the second scorer's marks. */
export function secondTaken(disagreements: readonly { word_index: number }[], picks: Picks): number {
  return disagreements.filter((d) => takenOn(picks, d.word_index) === 'second').length
}
