// What keeps a demo copy from leading back to the real institution (ADR 0114): its rows in a random order,
// every date moved by one random offset, and no contact detail of the source. Each sitting's figures and
// marks stay as they are, so the demo's reports look like real ones.
import { randomInt } from 'node:crypto'

/** A copy of `rows` in a random order (Fisher-Yates on crypto's randomInt). */
export function shuffled<T>(rows: readonly T[]): T[] {
  const out = [...rows]
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** Earliest and latest move of a copy's dates, in days, always into the past (a sitting is never in the future). */
export const DATE_SHIFT_DAYS = { min: 30, max: 365 } as const

/**
 * One copy's move of every date: a random whole number of days back, so times of day and the days between
 * two sittings stay as they were while no date equals the source's.
 */
export function dateShifter(): (date: Date) => Date {
  const ms = -randomInt(DATE_SHIFT_DAYS.min, DATE_SHIFT_DAYS.max + 1) * 86_400_000
  return (date) => new Date(date.getTime() + ms)
}
