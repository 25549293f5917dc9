// Benchmark and norm tables as data (issue 26, ADR 0124). A table gives, per grade and season, the cut points
// that put a reading's words correct per minute (and accuracy, where the table has them) into a risk level, and
// the percentiles where the table is a norm table. Published tables ship in published-tables.ts with their
// source and year; an institution may load its own (the same shape). Reports, the student's trend page and the
// class view all classify with `classify` below: one rule, one place.
import type { SeasonCode } from './seasons'

export const RISK_LEVELS = ['well_below', 'below', 'at', 'above'] as const
export type RiskLevel = (typeof RISK_LEVELS)[number]

/** The lowest score of each level above "well below" (everything under `below` is well below). */
export type CutPoints = { below: number; at: number; above: number }

export type BenchmarkRow = {
  /** 0 = kindergarten, 1-12 = that grade. */
  grade: number
  season: SeasonCode
  /** Words correct per minute cut points; null: the table has no risk levels for this row (a norm table). */
  wcpm: CutPoints | null
  /** Accuracy in percent cut points; null: the table does not judge accuracy. */
  accuracy: CutPoints | null
  /** Percentile → words correct per minute at it, ascending by percentile; empty when the table has none. */
  percentiles: { p: number; wcpm: number }[]
}

export type BenchmarkTable = {
  /** 'dibels8', 'hasbrouck-tindal-2017', or 'custom:<id>' for an institution's own. */
  code: string
  name: string
  /** The publication the figures are copied from. */
  source: string
  year: number
  /** The passage language the table is for. */
  language: 'en' | 'ar'
  rows: BenchmarkRow[]
}

export type Classification = {
  /** Null: the table has no cut points for the grade and season. */
  risk: RiskLevel | null
  /** The highest listed percentile at or under the reading (0: under the lowest listed); null: no percentiles. */
  percentile: number | null
}

function levelOf(score: number, cuts: CutPoints): RiskLevel {
  if (score >= cuts.above) return 'above'
  if (score >= cuts.at) return 'at'
  if (score >= cuts.below) return 'below'
  return 'well_below'
}

export function rowOf(table: BenchmarkTable, grade: number | null, season: SeasonCode): BenchmarkRow | null {
  if (grade === null) return null
  return table.rows.find((r) => r.grade === grade && r.season === season) ?? null
}

/**
 * A reading's risk level: the level of its words correct per minute, lowered to its accuracy's level when the
 * table judges accuracy too (a fast but inaccurate reader is not "at benchmark"). Scores are compared unrounded.
 */
export function classify(row: BenchmarkRow | null, wcpm: number, accuracy: number): Classification {
  if (!row) return { risk: null, percentile: null }
  let risk: RiskLevel | null = row.wcpm ? levelOf(wcpm, row.wcpm) : null
  if (risk && row.accuracy) {
    const byAccuracy = levelOf(accuracy, row.accuracy)
    if (RISK_LEVELS.indexOf(byAccuracy) < RISK_LEVELS.indexOf(risk)) risk = byAccuracy
  }
  let percentile: number | null = null
  if (row.percentiles.length > 0) {
    percentile = 0
    for (const { p, wcpm: at } of row.percentiles) if (wcpm >= at) percentile = p
  }
  return { risk, percentile }
}

/**
 * The grade a class's grade stands for in the tables: "KG", "K" or "Kindergarten" → 0; the first number in the
 * identifier, else in the name ("G2", "Grade 2", "الصف 2") → that number; null when neither says.
 */
export function gradeNumber(identifier: string, displayName: string): number | null {
  for (const text of [identifier, displayName]) {
    if (/^\s*(kg\d?|k|kindergarten)\b/i.test(text)) return 0
    const digits = /(\d{1,2})/.exec(text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)))
    if (digits) {
      const n = Number(digits[1])
      if (n >= 0 && n <= 12) return n
    }
  }
  return null
}

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
