import { describe, expect, it } from 'vitest'
import { toCreateBody, toFormValues } from './institution-form-values'

const filled = {
  ...toFormValues(),
  organization_name: 'Single School Group', subdomain_name: 'singlegroup', acronym: 'SSG',
  address: { country: 'AE', state: '', city: '', zipcode: '' },
  admin: { first_name: 'Omar', last_name: 'Haddad', email: 'omar@example.test', userprofile: { phone_number: '' } },
}

describe('has_multiple_school on the institution form (create)', () => {
  it('starts on, as the database default, and is sent with the new institution', () => {
    expect(toFormValues().has_multiple_school).toBe(true)
    expect(toCreateBody(filled).has_multiple_school).toBe(true)
  })

  it('sends false when the switch is turned off', () => {
    expect(toCreateBody({ ...filled, has_multiple_school: false }).has_multiple_school).toBe(false)
  })
})
