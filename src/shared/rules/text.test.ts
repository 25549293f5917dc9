import { describe, it, expect } from 'vitest'
import * as v from 'valibot'
import { SUBDOMAIN_PATTERN, email, isValidName, personName, requiredText, subdomain } from './text'
import { CODES } from '../schemas/codes'

const codeOf = (schema: v.GenericSchema, value: unknown) => {
  const r = v.safeParse(schema, value, { abortPipeEarly: true })
  return r.success ? null : r.issues[0].message
}

// Spec §5 name rule: no leading space; none of ) ~ ( @ ^ # $ & * _ + = ! [ | , . ] \ ? : < > ' / ; ` % " } { -
const FORBIDDEN = [...')~(@^#$&*_+=![|,.]\\?:<>\'/;`%"}{-']

describe('name rule', () => {
  it.each(['Mariam', 'Anne Marie', 'مريم حداد', 'José', 'O Brien', 'Layla2'])('accepts %s', (name) => {
    expect(isValidName(name)).toBe(true)
  })

  it('refuses a leading space', () => {
    expect(isValidName(' Mariam')).toBe(false)
    expect(codeOf(personName, ' Mariam')).toBe(CODES.invalidName)
  })

  it.each(FORBIDDEN)('refuses the character %s anywhere', (ch) => {
    expect(isValidName(`Ma${ch}riam`)).toBe(false)
    expect(isValidName(`Mariam${ch}`)).toBe(false)
    expect(codeOf(personName, `Ma${ch}riam`)).toBe(CODES.invalidName)
  })

  it('person names: required, min 3, not only digits', () => {
    expect(codeOf(personName, '')).toBe(CODES.required)
    expect(codeOf(personName, 'Al')).toBe(CODES.tooShort)
    expect(codeOf(personName, '12345')).toBe(CODES.invalidName)
    expect(codeOf(personName, 'Ali')).toBeNull()
    expect(v.parse(personName, 'Ali  ')).toBe('Ali')
  })
})

describe('sub-domain pattern', () => {
  it.each(['sample', 'abc', 'a1b', '1school', 'my-school', 'my_school', 'Sample'])('accepts %s', (s) => {
    expect(SUBDOMAIN_PATTERN.test(s)).toBe(true)
    expect(codeOf(subdomain, s)).toBeNull()
  })

  it.each(['-abc', '_abc', 'ab.c', 'ab c', 'ab/c', 'école', 'ab$'])('refuses %s', (s) => {
    expect(codeOf(subdomain, s)).toBe(CODES.invalidSubdomain)
  })

  it('needs 3 to 63 characters and lower-cases the result', () => {
    expect(codeOf(subdomain, 'ab')).toBe(CODES.tooShort)
    expect(codeOf(subdomain, 'a'.repeat(64))).toBe(CODES.tooLong)
    expect(codeOf(subdomain, '')).toBe(CODES.required)
    expect(v.parse(subdomain, ' MySchool ')).toBe('myschool')
  })
})

describe('other text rules', () => {
  it('email: trimmed, valid and lower-cased', () => {
    expect(v.parse(email, ' Teacher@Sample.TEST ')).toBe('teacher@sample.test')
    expect(codeOf(email, 'not-an-email')).toBe(CODES.invalidEmail)
    expect(codeOf(email, '')).toBe(CODES.required)
  })

  it('requiredText trims and applies its limits', () => {
    const schema = requiredText(1, 5)
    expect(v.parse(schema, '  ab ')).toBe('ab')
    expect(codeOf(schema, '   ')).toBe(CODES.required)
    expect(codeOf(schema, 'abcdef')).toBe(CODES.tooLong)
  })
})
