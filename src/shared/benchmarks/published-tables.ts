// The published English tables, copied figure by figure from their publications (ADR 0124). Only figures read
// from the publication itself are here; what could not be read with certainty is left out, never estimated:
// - DIBELS 8: ORF words correct for grades 1-3 (the goals' first page); grades 4-8 and the accuracy goals are not
//   shipped. An institution that uses them loads them as its own table (screen or spreadsheet).
// - Hasbrouck & Tindal 2017: a norm table (percentiles, no risk levels), grades 1-6; grade 1 has no fall norms.
// No Arabic table ships: no published benchmark for Arabic oral reading fluency was available to copy (EGRA
// benchmarks are set per country by its ministry); an institution loads its ministry's table.
import type { BenchmarkRow, BenchmarkTable, CutPoints } from './benchmark-table'
import { SEASON_CODES, type SeasonCode } from './seasons'

/** Per grade: [well-below/below cut, below/at cut (the benchmark goal), at/above cut] for BOY, MOY, EOY. */
const DIBELS8_ORF_WORDS_CORRECT: Record<number, [number, number, number][]> = {
  1: [[5, 10, 35], [10, 21, 57], [26, 39, 76]],
  2: [[29, 49, 85], [59, 78, 117], [77, 94, 128]],
  3: [[55, 73, 105], [85, 105, 141], [96, 114, 136]],
}

export const DIBELS8: BenchmarkTable = {
  code: 'dibels8',
  name: 'DIBELS 8th Edition benchmark goals: ORF words correct',
  source: 'University of Oregon (2020). DIBELS 8th Edition Benchmark Goals, updated July 2020. Eugene, OR: University of Oregon.',
  year: 2020,
  language: 'en',
  rows: Object.entries(DIBELS8_ORF_WORDS_CORRECT).flatMap(([grade, seasons]) =>
    seasons.map(([below, at, above], i): BenchmarkRow => ({
      grade: Number(grade), season: SEASON_CODES[i]!, wcpm: { below, at, above } satisfies CutPoints, accuracy: null, percentiles: [],
    }))),
}

const PERCENTILES = [10, 25, 50, 75, 90] as const
/** Per grade and season: words correct per minute at the 10th, 25th, 50th, 75th and 90th percentile. */
const HASBROUCK_TINDAL_2017: Record<number, Partial<Record<SeasonCode, [number, number, number, number, number]>>> = {
  1: { moy: [9, 16, 29, 59, 97], eoy: [18, 34, 60, 91, 116] },
  2: { boy: [23, 36, 50, 84, 111], moy: [35, 59, 84, 109, 131], eoy: [43, 72, 100, 124, 148] },
  3: { boy: [40, 59, 83, 104, 134], moy: [62, 79, 97, 137, 161], eoy: [63, 91, 112, 139, 166] },
  4: { boy: [60, 75, 94, 125, 153], moy: [71, 95, 120, 143, 168], eoy: [83, 105, 133, 160, 184] },
  5: { boy: [64, 87, 121, 153, 179], moy: [84, 109, 133, 160, 183], eoy: [102, 119, 146, 169, 195] },
  6: { boy: [89, 112, 132, 159, 185], moy: [91, 116, 145, 166, 195], eoy: [91, 122, 146, 173, 204] },
}

export const HASBROUCK_TINDAL: BenchmarkTable = {
  code: 'hasbrouck-tindal-2017',
  name: 'Hasbrouck & Tindal oral reading fluency norms',
  source: 'Hasbrouck, J., & Tindal, G. (2017). An update to compiled ORF norms (Technical Report No. 1702). Eugene, OR: Behavioral Research and Teaching, University of Oregon.',
  year: 2017,
  language: 'en',
  rows: Object.entries(HASBROUCK_TINDAL_2017).flatMap(([grade, seasons]) =>
    SEASON_CODES.flatMap((season): BenchmarkRow[] => {
      const figures = seasons[season]
      if (!figures) return []
      return [{ grade: Number(grade), season, wcpm: null, accuracy: null, percentiles: PERCENTILES.map((p, i) => ({ p, wcpm: figures[i]! })) }]
    })),
}

export const PUBLISHED_TABLES: readonly BenchmarkTable[] = [DIBELS8, HASBROUCK_TINDAL]

/** The table a passage language is judged by until the institution chooses: DIBELS 8 for English, none for Arabic. */
export const DEFAULT_TABLE_CODES: Record<'en' | 'ar', string | null> = { en: DIBELS8.code, ar: null }
