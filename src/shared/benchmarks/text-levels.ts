// Text levels (issue 26, ADR 0124): a sitting stores the level of the text read (`text_level`). A level belongs
// to a scheme: F&P's A-Z, grade equivalents ("1", "2.5", "K"), or an institution's own ordered list. Ordering
// levels within a scheme is what lets a report set a student's instructional level against the grade's.
import type { SeasonCode } from './seasons'

/** The level the institution expects of each grade (0-12, as text keys) per season. */
export type ExpectedLevels = Record<string, Partial<Record<SeasonCode, string>>>

export type TextLevelScheme = { code: 'a-z' } | { code: 'grade' } | { code: 'custom'; levels: string[] }

/** A level's place in its scheme (higher: harder); null when the level is not of the scheme. */
export function levelRank(scheme: TextLevelScheme, level: string): number | null {
  const text = level.trim()
  if (scheme.code === 'a-z') return /^[A-Za-z]$/.test(text) ? text.toUpperCase().charCodeAt(0) - 64 : null
  if (scheme.code === 'grade') {
    if (/^(k|kg)$/i.test(text)) return 0
    return /^\d{1,2}(\.\d)?$/.test(text) ? Number(text) : null
  }
  const at = scheme.levels.findIndex((l) => l.toLowerCase() === text.toLowerCase())
  return at < 0 ? null : at
}

/** The scheme a level is of: a single letter is A-Z, a grade is a number or K; anything else is the institution's own. */
export function schemeOfLevel(level: string, custom: string[] = []): TextLevelScheme {
  if (levelRank({ code: 'a-z' }, level) !== null) return { code: 'a-z' }
  if (levelRank({ code: 'grade' }, level) !== null) return { code: 'grade' }
  return { code: 'custom', levels: custom }
}

/**
 * A student's level against the grade's expected level: 'below', 'at' or 'above'; null when either is missing or
 * they are of different schemes.
 */
export function compareLevels(student: string | null, expected: string | null, custom: string[] = []): 'below' | 'at' | 'above' | null {
  if (!student || !expected) return null
  const scheme = schemeOfLevel(expected, custom)
  const a = levelRank(scheme, student)
  const b = levelRank(scheme, expected)
  if (a === null || b === null) return null
  return a < b ? 'below' : a > b ? 'above' : 'at'
}
