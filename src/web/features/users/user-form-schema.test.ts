import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CODES } from '../../../shared/schemas/codes'
import { toUserInput, userFormSchema } from './user-form-schema'

const base = {
  first_name: 'Mariam',
  last_name: 'Saleh',
  email: 'Mariam@Sample.test',
  role: 'teacher',
  userprofile: { phone_number: '', known_languages: 'Arabic' },
  is_active: true,
  schools: [] as number[],
}

describe('user form schema', () => {
  it('requires a school for roles mapped to schools', () => {
    const result = v.safeParse(userFormSchema(), base)
    expect(result.success).toBe(false)
    expect(result.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([['schools', CODES.requireOne]])
    expect(v.is(userFormSchema(), { ...base, schools: [4] })).toBe(true)
  })

  it('needs no school for an institution administrator, and sends none', () => {
    const parsed = v.parse(userFormSchema(), { ...base, role: 'institution_admin', schools: [4] })
    expect(toUserInput(parsed).schools).toBeUndefined()
    expect(toUserInput(parsed).email).toBe('mariam@sample.test')
  })

  it('skips the school rule when the schools are locked (own account)', () => {
    expect(v.is(userFormSchema(true), base)).toBe(true)
  })

  it('keeps the shared rules: name rule and a known role', () => {
    expect(v.is(userFormSchema(), { ...base, first_name: 'Ma', schools: [1] })).toBe(false)
    expect(v.is(userFormSchema(), { ...base, role: 'superuser', schools: [1] })).toBe(false)
  })
})
