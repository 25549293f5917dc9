// Agreement between two scorings of one sitting (issue 27, ADR 0128): the first teacher's marks and a second
// scorer's, made blind from the recording, set on the passage's words. Each word gets one code from its marks,
// and the codes give percent agreement and Cohen's kappa; the figures of each scoring give the differences a
// coach reads (accuracy, words correct per minute, band).
import type { Band, SittingFigures } from './figures'

/** A mark as the comparison reads it: the word it is on, its type, and whether the reader corrected it. */
export type ComparedMark = { word_index: number; miscue: string; self_corrected: boolean; said?: string | null }

/** The code of a word nobody marked. */
export const CORRECT_CODE = 'correct'

/**
 * A word's code from the marks on it: `correct` without marks, else each mark's type (with `+sc` when the reader
 * corrected it), in a fixed order and joined with `,`, so two scorers who marked the same agree whatever order
 * they marked in. An insertion is stored on the word it comes before, so it is part of that word's code.
 */
export function wordCode(marks: readonly ComparedMark[]): string {
  if (marks.length === 0) return CORRECT_CODE
  return marks.map(markCode).sort().join(',')
}

const markCode = (m: ComparedMark) => (m.self_corrected ? `${m.miscue}+sc` : m.miscue)

/** One word on which the two scorings differ, with each scorer's marks (type, what the child said, self-correction). */
export type Disagreement = { word_index: number; first: string; second: string; first_marks: ComparedMark[]; second_marks: ComparedMark[] }

export type Agreement = {
  /** Words compared: the passage's words (marks beyond them are set on the last word). */
  words: number
  /** Words both scorers coded alike. */
  agreed: number
  /** agreed / words x 100, two decimals; null without words. */
  percent: number | null
  /**
   * Cohen's kappa on the word codes, three decimals: (po - pe) / (1 - pe). Null when it is undefined: no words,
   * or an expected agreement of 1 (both scorers gave every word the one same code, so chance explains it all).
   */
  kappa: number | null
  /** Observed (po) and chance (pe) agreement, as fractions. */
  observed: number | null
  expected: number | null
  disagreements: Disagreement[]
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places

function marksByWord(marks: readonly ComparedMark[], words: number): ComparedMark[][] {
  const by: ComparedMark[][] = Array.from({ length: words }, () => [])
  for (const m of marks) by[Math.max(0, Math.min(words - 1, m.word_index))]?.push(m)
  return by
}

type CodePair = readonly [first: string, second: string]
type Figures = Omit<Agreement, 'disagreements'>

/** Percent agreement and kappa over word-code pairs: one pair per word, of one sitting or pooled over several. */
function agreementOf(pairs: readonly CodePair[]): Figures {
  const n = pairs.length
  if (n === 0) return { words: 0, agreed: 0, percent: null, kappa: null, observed: null, expected: null }
  const countsA = new Map<string, number>()
  const countsB = new Map<string, number>()
  let agreed = 0
  for (const [codeA, codeB] of pairs) {
    countsA.set(codeA, (countsA.get(codeA) ?? 0) + 1)
    countsB.set(codeB, (countsB.get(codeB) ?? 0) + 1)
    if (codeA === codeB) agreed++
  }
  const observed = agreed / n
  let expected = 0
  for (const [code, count] of countsA) expected += (count / n) * ((countsB.get(code) ?? 0) / n)
  const kappa = expected >= 1 ? null : (observed - expected) / (1 - expected)
  return { words: n, agreed, percent: round(observed * 100, 2), kappa: kappa === null ? null : round(kappa, 3), observed, expected }
}

function comparedWords(words: number, first: readonly ComparedMark[], second: readonly ComparedMark[]) {
  const n = Math.max(0, Math.floor(words))
  const a = marksByWord(first, n)
  const b = marksByWord(second, n)
  const pairs: CodePair[] = a.map((marks, i) => [wordCode(marks), wordCode(b[i]!)])
  const disagreements: Disagreement[] = []
  pairs.forEach(([codeA, codeB], i) => {
    if (codeA !== codeB) disagreements.push({ word_index: i, first: codeA, second: codeB, first_marks: a[i]!, second_marks: b[i]! })
  })
  return { pairs, disagreements }
}

/** Word-by-word agreement between two scorings of a passage of `words` words. */
export function scoringAgreement(words: number, first: readonly ComparedMark[], second: readonly ComparedMark[]): Agreement {
  const { pairs, disagreements } = comparedWords(words, first, second)
  return { ...agreementOf(pairs), disagreements }
}

/** The miscue types a disagreement is about: a type one scorer gave the word and the other did not give alike (self-correction included). */
export function disagreedTypes(d: Pick<Disagreement, 'first_marks' | 'second_marks'>): string[] {
  const a = d.first_marks.map(markCode)
  const b = d.second_marks.map(markCode)
  const differ = [...a.filter((c) => !b.includes(c)), ...b.filter((c) => !a.includes(c))]
  return [...new Set(differ.map((c) => c.replace(/\+sc$/, '')))].sort()
}

/** One second scoring beside the first marks it was made against, for pooling. */
export type ScoringPair = { words: number; first: readonly ComparedMark[]; second: readonly ComparedMark[] }

/** Several pairs of scorings (one teacher's, one school's): the mean of their percents, kappa over all their words pooled, and the types most often disagreed on. */
export type PooledAgreement = {
  pairs: number
  /** Mean of each pair's percent agreement, two decimals; null without pairs. */
  mean_percent: number | null
  /** Cohen's kappa over every word of every pair pooled (one table of codes), three decimals. */
  kappa: number | null
  words: number
  /** Each type with the number of words whose disagreement is about it, most first (then by code). */
  disagreed_types: { type: string; count: number }[]
}

export function pooledAgreement(scorings: readonly ScoringPair[]): PooledAgreement {
  const pooled: CodePair[] = []
  const percents: number[] = []
  const types = new Map<string, number>()
  for (const p of scorings) {
    const { pairs, disagreements } = comparedWords(p.words, p.first, p.second)
    if (pairs.length === 0) continue
    pooled.push(...pairs)
    percents.push(agreementOf(pairs).percent!)
    for (const type of disagreements.flatMap(disagreedTypes)) types.set(type, (types.get(type) ?? 0) + 1)
  }
  const all = agreementOf(pooled)
  return {
    pairs: percents.length,
    mean_percent: percents.length ? round(percents.reduce((sum, x) => sum + x, 0) / percents.length, 2) : null,
    kappa: all.kappa,
    words: all.words,
    disagreed_types: [...types].map(([type, count]) => ({ type, count })).sort((x, y) => y.count - x.count || x.type.localeCompare(y.type)),
  }
}

/** How the second scoring's figures differ from the first's (second minus first). */
export type FiguresDifference = { accuracy: number; wcpm: number; error_count: number; first_band: Band; second_band: Band; same_band: boolean }

export function figuresDifference(first: Pick<SittingFigures, 'accuracy' | 'wcpm' | 'error_count' | 'band'>, second: Pick<SittingFigures, 'accuracy' | 'wcpm' | 'error_count' | 'band'>): FiguresDifference {
  return {
    accuracy: round(second.accuracy - first.accuracy, 2),
    wcpm: round(second.wcpm - first.wcpm, 1),
    error_count: second.error_count - first.error_count,
    first_band: first.band,
    second_band: second.band,
    same_band: first.band === second.band,
  }
}
