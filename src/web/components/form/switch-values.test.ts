import { describe, expect, it } from 'vitest'
import { joinSwitches, splitSwitches } from './switch-values'

describe('switches text', () => {
  it('splits known switches from the others', () => {
    expect(splitSwitches('enableParentReport, showChart,comparative')).toEqual({ enableParentReport: true, comparative: true, otherSwitches: 'showChart' })
    expect(splitSwitches('')).toEqual({ enableParentReport: false, comparative: false, otherSwitches: '' })
  })

  it('joins them back, known first, without duplicates', () => {
    expect(joinSwitches({ enableParentReport: true, comparative: false, otherSwitches: 'showChart, enableParentReport ,x' })).toBe('enableParentReport, showChart, x')
    expect(joinSwitches({ enableParentReport: false, comparative: false, otherSwitches: ' ' })).toBe('')
  })
})
