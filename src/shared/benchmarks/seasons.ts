// Seasons are windows on the academic year (issue 26, ADR 0124): each starts on a month and day and runs until the
// next one starts; the first starts the year. So every day of the year, and every sitting, falls in exactly one.
// An institution sets its own starts; the defaults follow the usual beginning / middle / end of year screening.
export const SEASON_CODES = ['boy', 'moy', 'eoy'] as const
export type SeasonCode = (typeof SEASON_CODES)[number]

/** 'MM-DD' starts, one per season, in season order. */
export type SeasonStarts = Record<SeasonCode, string>

export const DEFAULT_SEASONS: SeasonStarts = { boy: '08-01', moy: '12-01', eoy: '03-01' }

export type SeasonWindow = { season: SeasonCode; from: Date; to: Date }

/** The calendar year an academic year's name starts in: '2025-2026' or '25-26' → 2025; null otherwise. */
export function startYearOf(yearName: string): number | null {
  const long = /^(\d{4})-\d{4}$/.exec(yearName)
  if (long) return Number(long[1])
  const short = /^(\d{2})-\d{2}$/.exec(yearName)
  return short ? 2000 + Number(short[1]) : null
}

function monthDay(text: string): [number, number] {
  const [m, d] = text.split('-').map(Number)
  return [m!, d!]
}

/**
 * The three windows of an academic year, in UTC days: [from, to). A start month earlier than the first season's
 * falls in the second calendar year. The last window ends where the next year's first begins.
 */
export function seasonWindows(yearName: string, starts: SeasonStarts = DEFAULT_SEASONS): SeasonWindow[] | null {
  const first = startYearOf(yearName)
  if (first === null) return null
  const [bm] = monthDay(starts.boy)
  const at = (text: string, yearsOn = 0) => {
    const [m, d] = monthDay(text)
    return new Date(Date.UTC(first + yearsOn + (m < bm ? 1 : 0), m - 1, d))
  }
  const from = SEASON_CODES.map((s) => at(starts[s]))
  const end = at(starts.boy, 1)
  return SEASON_CODES.map((season, i) => ({ season, from: from[i]!, to: from[i + 1] ?? end }))
}

/** The season a moment falls in within an academic year; null outside the year's windows. */
export function seasonOf(moment: Date, yearName: string, starts: SeasonStarts = DEFAULT_SEASONS): SeasonCode | null {
  const windows = seasonWindows(yearName, starts)
  return windows?.find((w) => moment >= w.from && moment < w.to)?.season ?? null
}

/** 'MM-DD' naming a day every year has (so not 02-29). */
export function isMonthDay(text: string): boolean {
  const m = /^(\d{2})-(\d{2})$/.exec(text)
  if (!m) return false
  const day = new Date(Date.UTC(2001, Number(m[1]) - 1, Number(m[2])))
  return day.getUTCMonth() === Number(m[1]) - 1 && day.getUTCDate() === Number(m[2])
}

/** Starts that make three windows in order within one year, each later than the one before, counted from BOY. */
export function seasonStartsInOrder(starts: SeasonStarts): boolean {
  if (!SEASON_CODES.every((s) => isMonthDay(starts[s]))) return false
  return seasonWindows('2001-2002', starts)!.every((w) => w.from < w.to)
}
