import { describe, expect, it } from 'vitest'
import { pick, secondTaken, settleBody, takenOn } from './settle-picks'

const DISAGREEMENTS = [{ word_index: 6 }, { word_index: 1 }, { word_index: 9 }]

describe('settling the disagreements', () => {
  it('keeps the first scorer\'s mark until the coach picks the second, and sends every disagreement once in word order', () => {
    let picks = pick({}, 6, 'second')
    picks = pick(picks, 1, 'second')
    picks = pick(picks, 1, 'first')
    expect(takenOn(picks, 9)).toBe('first')
    expect(secondTaken(DISAGREEMENTS, picks)).toBe(1)
    expect(settleBody(12, 3, DISAGREEMENTS, picks)).toEqual({
      second_scoring: 12, version: 3,
      picks: [{ word_index: 1, take: 'first' }, { word_index: 6, take: 'second' }, { word_index: 9, take: 'first' }],
    })
    expect(settleBody(12, 3, DISAGREEMENTS, picks, '  Listened together  ')).toMatchObject({ reason: 'Listened together' })
  })
})
