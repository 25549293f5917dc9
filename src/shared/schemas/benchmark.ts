// Benchmarks (issue 26, ADR 0124): the institution's settings (seasons, digits, the table per passage language,
// the text level expected of each grade), its own tables, and the answers of the class and school views.
import * as v from 'valibot'
import { CODES } from './codes'
import { editVersion } from './edit-version'
import type { BenchmarkTable, RiskLevel } from '../benchmarks/benchmark-table'
import { SEASON_CODES, isMonthDay, seasonStartsInOrder, type SeasonCode, type SeasonStarts } from '../benchmarks/seasons'
import type { Band } from '../reports/figures'

export const DIGITS = ['latn', 'arab'] as const
export type Digits = (typeof DIGITS)[number]

const monthDay = v.pipe(v.string(CODES.required), v.check(isMonthDay, CODES.invalidDate))
const tableCode = v.nullable(v.pipe(v.string(CODES.invalidChoice), v.regex(/^(dibels8|hasbrouck-tindal-2017|custom:\d{1,9})$/, CODES.invalidChoice)))
const level = v.pipe(v.string(CODES.required), v.trim(), v.minLength(1, CODES.required), v.maxLength(10, CODES.tooLong))

export const BenchmarkSettingsSchema = v.object({
  seasons: v.pipe(
    v.object({ boy: monthDay, moy: monthDay, eoy: monthDay }),
    v.check((s) => seasonStartsInOrder(s), CODES.dateOrder),
  ),
  digits: v.picklist(DIGITS, CODES.invalidChoice),
  tables: v.object({ en: tableCode, ar: tableCode }),
  expected_levels: v.optional(v.record(
    v.pipe(v.string(), v.regex(/^(\d|1[0-2])$/, CODES.invalidChoice)),
    v.partial(v.object({ boy: level, moy: level, eoy: level })),
  ), {}),
  updated_at: editVersion,
})
export type BenchmarkSettingsInput = v.InferInput<typeof BenchmarkSettingsSchema>

const score = v.pipe(v.number(CODES.invalidNumber), v.minValue(0, CODES.tooSmall), v.maxValue(1000, CODES.invalidNumber))
const percent = v.pipe(v.number(CODES.invalidNumber), v.minValue(0, CODES.tooSmall), v.maxValue(100, CODES.invalidNumber))
const ascending = (c: { below: number; at: number; above: number }) => c.below <= c.at && c.at <= c.above
const cuts = (n: typeof score | typeof percent) => v.nullable(v.pipe(v.object({ below: n, at: n, above: n }), v.check(ascending, CODES.invalidNumber)))

export const BenchmarkRowSchema = v.pipe(
  v.object({
    grade: v.pipe(v.number(CODES.invalidNumber), v.integer(CODES.invalidNumber), v.minValue(0, CODES.tooSmall), v.maxValue(12, CODES.invalidNumber)),
    season: v.picklist(SEASON_CODES, CODES.invalidChoice),
    wcpm: cuts(score),
    accuracy: cuts(percent),
    percentiles: v.pipe(
      v.array(v.object({ p: v.pipe(v.number(CODES.invalidNumber), v.integer(CODES.invalidNumber), v.minValue(1, CODES.tooSmall), v.maxValue(99, CODES.invalidNumber)), wcpm: score })),
      v.maxLength(99, CODES.tooLong),
      v.check((ps) => ps.every((x, i) => i === 0 || (x.p > ps[i - 1]!.p && x.wcpm >= ps[i - 1]!.wcpm)), CODES.invalidNumber),
    ),
  }),
  v.check((r) => r.wcpm !== null || r.percentiles.length > 0, CODES.required),
)

export const BenchmarkTableSchema = v.pipe(
  v.object({
    name: v.pipe(v.string(CODES.required), v.trim(), v.minLength(1, CODES.required), v.maxLength(200, CODES.tooLong)),
    source: v.pipe(v.string(CODES.required), v.trim(), v.minLength(1, CODES.required), v.maxLength(500, CODES.tooLong)),
    year: v.pipe(v.number(CODES.invalidNumber), v.integer(CODES.invalidNumber), v.minValue(1900, CODES.tooSmall), v.maxValue(2100, CODES.invalidNumber)),
    language: v.picklist(['en', 'ar'] as const, CODES.invalidChoice),
    rows: v.pipe(v.array(BenchmarkRowSchema), v.minLength(1, CODES.required), v.maxLength(39, CODES.tooLong)),
  }),
  v.check((t) => new Set(t.rows.map((r) => `${r.grade}:${r.season}`)).size === t.rows.length, CODES.invalidChoice),
)
export type BenchmarkTableInput = v.InferInput<typeof BenchmarkTableSchema>

/** GET /api/benchmark/: what the settings screen shows. */
export type BenchmarkSettings = {
  seasons: SeasonStarts
  digits: Digits
  tables: { en: string | null; ar: string | null }
  expected_levels: Record<string, Partial<Record<SeasonCode, string>>>
  /** The published tables and the institution's own; own ones carry their id. */
  available: (BenchmarkTable & { id: number | null })[]
  updated_at: string | null
}

/** One student of GET /api/benchmark-report/...: their newest sitting this season, classified. */
export type AttentionRow = {
  student_id: number
  student_name: string
  arabic_name: string
  class_id: number
  class_name: string
  /** Null: not assessed this season. */
  wcpm: number | null
  accuracy: number | null
  band: Band | null
  risk: RiskLevel | null
  percentile: number | null
  /** The newest sitting's text level, and the level the institution expects of the grade this season. */
  text_level: string | null
  expected_level: string | null
  assessed_at: string | null
  /** Why the student is on the list: the first reason is the one it is sorted by. */
  reasons: ('not_assessed' | 'well_below' | 'below' | 'frustration' | 'below_aimline')[]
}

export type BenchmarkReport = {
  season: SeasonCode
  window: { from: string; to: string }
  /** The table each language's sittings were judged by (code, name, source, year), null where none. */
  tables: { en: { code: string; name: string; source: string; year: number } | null; ar: { code: string; name: string; source: string; year: number } | null }
  students: number
  assessed: number
  risk: Record<RiskLevel | 'no_benchmark' | 'not_assessed', number>
  percentiles: { from: number; n: number }[]
  bands: Record<Band, number>
  median_wcpm: number | null
  /** The median of the same scope at the beginning of the year (its BOY window), and the change since. */
  median_wcpm_boy: number | null
  median_change: number | null
  /** Students who need attention first: well below, below, frustration, not assessed; worst first. */
  attention: AttentionRow[]
  digits: Digits
}
