import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { SchoolAddressSchema } from './school'

const address = (street: string) => ({ country: 'AE', state: 'Dubai', city: 'Dubai', street, zipcode: '' })

describe('school street (docs/adr/0063-school-street-building-number.md)', () => {
  it('keeps a leading building number, Latin or Arabic-Indic, although the spec’s address pattern starts with a letter', () => {
    expect(v.is(SchoolAddressSchema, address('5 Corniche Road'))).toBe(true)
    expect(v.is(SchoolAddressSchema, address('١٢ شارع الكورنيش'))).toBe(true)
    expect(v.is(SchoolAddressSchema, address('Corniche Road'))).toBe(true)
  })

  it('still refuses a street that starts with punctuation, and a state or city that starts with a digit', () => {
    expect(v.is(SchoolAddressSchema, address('-Corniche Road'))).toBe(false)
    expect(v.is(SchoolAddressSchema, { ...address('5 Corniche Road'), city: '5 Dubai' })).toBe(false)
  })
})
