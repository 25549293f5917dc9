// Golden cases written from the publications (DIBELS 8 goals, July 2020; Hasbrouck & Tindal 2017).
import { describe, expect, it } from 'vitest'
import { classify, gradeNumber, median, rowOf, type BenchmarkTable } from './benchmark-table'
import { DIBELS8, HASBROUCK_TINDAL } from './published-tables'
import { DEFAULT_SEASONS, seasonOf, seasonStartsInOrder, seasonWindows } from './seasons'
import { compareLevels } from './text-levels'

describe('DIBELS 8 ORF words correct', () => {
  it('grade 2 at the beginning of the year: 28 well below, 29 below, 49 at the goal, 85 above', () => {
    const row = rowOf(DIBELS8, 2, 'boy')
    expect(classify(row, 28, 100).risk).toBe('well_below')
    expect(classify(row, 29, 100).risk).toBe('below')
    expect(classify(row, 48.9, 100).risk).toBe('below')
    expect(classify(row, 49, 100).risk).toBe('at')
    expect(classify(row, 84, 100).risk).toBe('at')
    expect(classify(row, 85, 100).risk).toBe('above')
  })
  it('grade 3 end of year goal is 114, grade 1 middle of year risk cut is 10', () => {
    expect(classify(rowOf(DIBELS8, 3, 'eoy'), 113, 100).risk).toBe('below')
    expect(classify(rowOf(DIBELS8, 3, 'eoy'), 114, 100).risk).toBe('at')
    expect(classify(rowOf(DIBELS8, 1, 'moy'), 9, 100).risk).toBe('well_below')
  })
  it('has no row for a grade it does not publish here', () => {
    expect(rowOf(DIBELS8, 4, 'boy')).toBeNull()
    expect(classify(rowOf(DIBELS8, 4, 'boy'), 100, 100)).toEqual({ risk: null, percentile: null })
  })
})

describe('Hasbrouck & Tindal 2017 norms', () => {
  it('grade 2 winter: 84 is the 50th percentile, 83 the 25th band, 8 under the 10th', () => {
    const row = rowOf(HASBROUCK_TINDAL, 2, 'moy')
    expect(classify(row, 84, 100)).toEqual({ risk: null, percentile: 50 })
    expect(classify(row, 83, 100).percentile).toBe(25)
    expect(classify(row, 8, 100).percentile).toBe(0)
    expect(classify(row, 131, 100).percentile).toBe(90)
  })
  it('grade 1 has no fall norms', () => {
    expect(rowOf(HASBROUCK_TINDAL, 1, 'boy')).toBeNull()
    expect(rowOf(HASBROUCK_TINDAL, 1, 'moy')?.percentiles.map((p) => p.wcpm)).toEqual([9, 16, 29, 59, 97])
  })
})

describe('a table with accuracy cut points', () => {
  const table: BenchmarkTable = {
    code: 'custom:1', name: 'x', source: 'x', year: 2024, language: 'ar',
    rows: [{ grade: 2, season: 'boy', wcpm: { below: 10, at: 20, above: 30 }, accuracy: { below: 80, at: 90, above: 97 }, percentiles: [] }],
  }
  it('lowers a fast reading to its accuracy level', () => {
    expect(classify(rowOf(table, 2, 'boy'), 40, 85).risk).toBe('below')
    expect(classify(rowOf(table, 2, 'boy'), 40, 98).risk).toBe('above')
    expect(classify(rowOf(table, 2, 'boy'), 15, 98).risk).toBe('below')
  })
})

describe('seasons', () => {
  it('puts every day of the year in one season with the default starts', () => {
    expect(seasonOf(new Date('2025-08-01T00:00:00Z'), '2025-2026')).toBe('boy')
    expect(seasonOf(new Date('2025-11-30T23:59:59Z'), '2025-2026')).toBe('boy')
    expect(seasonOf(new Date('2025-12-01T00:00:00Z'), '2025-2026')).toBe('moy')
    expect(seasonOf(new Date('2026-02-28T12:00:00Z'), '25-26')).toBe('moy')
    expect(seasonOf(new Date('2026-03-01T00:00:00Z'), '2025-2026')).toBe('eoy')
    expect(seasonOf(new Date('2026-07-31T23:59:59Z'), '2025-2026')).toBe('eoy')
    expect(seasonOf(new Date('2026-08-01T00:00:00Z'), '2025-2026')).toBeNull()
  })
  it('takes an institution’s own starts, and refuses starts out of order or not a day of every year', () => {
    const starts = { boy: '09-01', moy: '01-15', eoy: '04-20' }
    expect(seasonWindows('2025-2026', starts)?.map((w) => w.from.toISOString().slice(0, 10))).toEqual(['2025-09-01', '2026-01-15', '2026-04-20'])
    expect(seasonStartsInOrder(starts)).toBe(true)
    expect(seasonStartsInOrder(DEFAULT_SEASONS)).toBe(true)
    expect(seasonStartsInOrder({ boy: '09-01', moy: '05-01', eoy: '03-01' })).toBe(false)
    expect(seasonStartsInOrder({ boy: '09-01', moy: '02-29', eoy: '04-01' })).toBe(false)
  })
})

describe('grades, medians and text levels', () => {
  it('reads the grade from the identifier or the name', () => {
    expect(gradeNumber('G2', 'Grade 2')).toBe(2)
    expect(gradeNumber('KG2', 'KG 2')).toBe(0)
    expect(gradeNumber('X', 'الصف ٣')).toBe(3)
    expect(gradeNumber('Upper', 'Upper')).toBeNull()
  })
  it('takes the middle, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 2, 3])).toBe(2.5)
    expect(median([])).toBeNull()
  })
  it('compares a student’s level with the grade’s in one scheme', () => {
    expect(compareLevels('H', 'J')).toBe('below')
    expect(compareLevels('k', 'J')).toBe('above')
    expect(compareLevels('2.5', '2')).toBe('above')
    expect(compareLevels('Red', 'Blue', ['Red', 'Blue'])).toBe('below')
    expect(compareLevels('J', '2')).toBeNull()
  })
})
