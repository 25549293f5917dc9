// The comparison screen's rows (issue 27, ADR 0128): each word of the passage with the marks each scorer set on
// it, and whether the two disagree there (the shared agreement calculation decides, by word code).
import type { Agreement, ComparedMark } from '../../../shared/reports/scorer-agreement'

export type ComparisonRow = { index: number; word: string; first: ComparedMark[]; second: ComparedMark[]; disagree: boolean }

/** A mark beyond the passage belongs to its last word, as the agreement calculation sets it. */
function byWord(marks: readonly ComparedMark[], words: number): ComparedMark[][] {
  const by: ComparedMark[][] = Array.from({ length: words }, () => [])
  for (const m of marks) by[Math.max(0, Math.min(words - 1, m.word_index))]?.push(m)
  return by
}

export function comparisonRows(words: readonly string[], first: readonly ComparedMark[], second: readonly ComparedMark[], agreement: Pick<Agreement, 'disagreements'>): ComparisonRow[] {
  const a = byWord(first, words.length)
  const b = byWord(second, words.length)
  const differing = new Set(agreement.disagreements.map((d) => d.word_index))
  return words.map((word, index) => ({ index, word, first: a[index]!, second: b[index]!, disagree: differing.has(index) }))
}

/** The rows shown: every word, or only the disagreements. */
export function shownRows(rows: readonly ComparisonRow[], onlyDisagreements: boolean): ComparisonRow[] {
  return onlyDisagreements ? rows.filter((r) => r.disagree) : [...rows]
}
