import { describe, expect, it } from 'vitest'
import { CODES } from '../../../shared/schemas/codes'
import { classCopyIssues, sameSchools, toCopyInput } from './class-copy-schema'

describe('class copy form rules', () => {
  it('requires both schools and at least one class', () => {
    expect(classCopyIssues({ src_school: null, des_school: null, classes: [] })).toEqual({
      src_school: CODES.required, des_school: CODES.required, classes: CODES.requireOne,
    })
    expect(toCopyInput({ src_school: 1, des_school: 2, classes: [] })).toBeNull()
  })

  it('refuses the same school as source and destination', () => {
    const values = { src_school: 3, des_school: 3, classes: [7] }
    expect(sameSchools(values)).toBe(true)
    expect(classCopyIssues(values)).toEqual({})
    expect(toCopyInput(values)).toBeNull()
  })

  it('gives the input to send when everything is valid', () => {
    expect(toCopyInput({ src_school: 1, des_school: 2, classes: [5, 6] })).toEqual({ src_school: 1, des_school: 2, classes: [5, 6] })
  })
})
