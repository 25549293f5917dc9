import { describe, expect, it } from 'vitest'
import { cueSummaryOf, DEFAULT_CUE_CATEGORIES } from './cue-categories'

describe('cueSummaryOf', () => {
  it('gives each category its share of the coded marks, in the taxonomy order, leaving out categories nobody used', () => {
    // 5 errors and self-corrections, 4 coded: M on 3, V on 2, S on 1 (a mark may use several cues).
    const summary = cueSummaryOf(new Map([['visual', 2], ['meaning', 3], ['structure', 1], ['root', 0]]), 5, 4, DEFAULT_CUE_CATEGORIES)
    expect(summary.analysable).toBe(5)
    expect(summary.coded).toBe(4)
    expect(summary.cues.map((c) => [c.code, c.short_name, c.count, c.percentage])).toEqual([['meaning', 'M', 3, 75], ['structure', 'S', 1, 25], ['visual', 'V', 2, 50]])
  })

  it('orders the Arabic categories after meaning, structure and visual, and keeps their Arabic names', () => {
    const summary = cueSummaryOf(new Map([['letter_confusion', 1], ['root', 2], ['visual', 1]]), 3, 3, DEFAULT_CUE_CATEGORIES)
    expect(summary.cues.map((c) => [c.code, c.arabic_display_name, c.percentage])).toEqual([['visual', 'الشكل المرئي', 33], ['root', 'الجذر', 67], ['letter_confusion', 'الخلط بين الحروف', 33]])
  })

  it('lists a code the taxonomy no longer has by its code, last, and gives 0 % when nothing was coded', () => {
    expect(cueSummaryOf(new Map([['gone', 1], ['meaning', 1]]), 2, 1, DEFAULT_CUE_CATEGORIES).cues.map((c) => [c.code, c.display_name])).toEqual([['meaning', 'Meaning'], ['gone', 'gone']])
    expect(cueSummaryOf(new Map(), 4, 0, DEFAULT_CUE_CATEGORIES)).toEqual({ analysable: 4, coded: 0, cues: [] })
  })
})
