import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { ChangePasswordSchema, LoginSchema } from '../../../shared/schemas/auth'
import { CODES } from '../../../shared/schemas/codes'
import { GradeSchema } from '../../../shared/schemas/grade'
import { activateLanguage, i18n } from './i18n'
import { validationMessage } from './validation-messages'

/** The message a user sees on each failing field: the first issue of that field. */
const messagesFor = (schema: v.GenericSchema, value: unknown) => {
  const firstPerField = new Map<string, v.BaseIssue<unknown>>()
  for (const issue of v.safeParse(schema, value).issues ?? []) {
    const path = v.getDotPath(issue) ?? ''
    if (!firstPerField.has(path)) firstPerField.set(path, issue)
  }
  return [...firstPerField.values()].map((issue) => validationMessage(i18n, issue))
}

beforeEach(() => {
  activateLanguage('en')
})

afterEach(() => {
  activateLanguage('en')
})

describe('validationMessage', () => {
  it('turns every shared code into a readable message, never the raw code', () => {
    for (const code of Object.values(CODES)) {
      const text = validationMessage(i18n, { message: code, requirement: 4 })
      expect(text).not.toBe(code)
      expect(text.length).toBeGreaterThan(5)
    }
  })

  it('uses the limit from the issue', () => {
    expect(messagesFor(ChangePasswordSchema, { old_password: 'ab', new_password: 'Abc1$', confirm_new_password: 'Abc1$' }))
      .toEqual(['Enter at least 4 characters.'])
  })

  it('explains the form errors a user meets on the grade and login forms', () => {
    expect(messagesFor(GradeSchema, { identifier: '', display_name: 'Grade 1' })).toEqual(['This field is required.'])
    expect(messagesFor(LoginSchema, { username: 'bad<name>', password: 'x' }))
      .toEqual(['Use letters, digits and spaces, or an email address.'])
    expect(messagesFor(ChangePasswordSchema, { old_password: 'Old1$', new_password: 'Abcd1$', confirm_new_password: 'Abcd1%' }))
      .toEqual(['The passwords do not match.'])
  })

  it('speaks Arabic when Arabic is active, keeping the number', () => {
    activateLanguage('ar')
    const text = validationMessage(i18n, { message: CODES.tooShort, requirement: 4 })
    expect(text).toMatch(/[\u0600-\u06FF]/)
    expect(text).toContain('4')
  })

  it('falls back to a generic message for an unknown code', () => {
    expect(validationMessage(i18n, 'no_such_code')).toBe('This value is not valid.')
  })
})
