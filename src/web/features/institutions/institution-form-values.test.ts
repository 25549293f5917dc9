import { describe, expect, it } from 'vitest'
import type { Institution } from '../../../shared/schemas/institution'
import { adminFieldName, isValidForm, toCreateBody, toEditBodies, toFormValues } from './institution-form-values'

const institution: Institution = {
  id: 7, organization_name: 'Greenfield Academy', subdomain_name: 'greenfield', domain_url: '', account_number: 'AC-1',
  about: '', acronym: 'GFA', address: { country: 'AE', state: 'Dubai', city: 'Dubai', zipcode: '' },
  student_id_validation_type: 'EMIRATES_ID_OR_TEMPORARY', student_id_custom_regex: null, student_id_custom_description: null,
  has_multiple_school: true, licence: 'ACTIVE', schools_count: 2, updated_at: '2025-01-01T00:00:00Z',
  admin: { id: 31, first_name: 'Mona', last_name: 'Saeed', email: 'mona@greenfield.test', is_active: true, userprofile: { phone_number: '+971 50 1234567' } },
}

describe('institution form values', () => {
  it('starts a new institution with the default student-ID type and an empty admin', () => {
    const values = toFormValues()
    expect(values.student_id_validation_type).toBe('EMIRATES_ID_OR_TEMPORARY')
    expect(values.admin).toEqual({ first_name: '', last_name: '', email: '', userprofile: { phone_number: '' } })
    expect(isValidForm(values)).toBe(false)
  })

  it('creates the institution and its admin in one body, dropping a custom pattern of another type', () => {
    const values = {
      ...toFormValues(),
      organization_name: 'New School Group', subdomain_name: 'newgroup', acronym: 'NSG',
      address: { country: 'AE', state: '', city: '', zipcode: '' },
      student_id_custom_regex: '[0-9]+',
      admin: { first_name: 'Omar', last_name: 'Haddad', email: 'Omar@Example.test', userprofile: { phone_number: '' } },
    }
    expect(isValidForm(values)).toBe(true)
    const body = toCreateBody(values)
    expect(body.admin.email).toBe('omar@example.test')
    expect(body.student_id_custom_regex).toBeNull()
  })

  it('requires the pattern only for CUSTOM_REGEX', () => {
    const values = { ...toFormValues(institution), student_id_validation_type: 'CUSTOM_REGEX' as const }
    expect(isValidForm(values)).toBe(false)
    expect(isValidForm({ ...values, student_id_custom_regex: '[A-Z]{2}[0-9]{6}' })).toBe(true)
  })

  it('saves the admin on edit only when something about the admin changed', () => {
    const unchanged = toEditBodies(toFormValues(institution), institution)
    expect(unchanged.admin).toBeNull()
    expect(unchanged.institution.subdomain_name).toBe('greenfield')
    expect('admin' in unchanged.institution).toBe(false)
    const values = toFormValues(institution)
    const changed = toEditBodies({ ...values, admin: { ...values.admin, last_name: 'Al Saeed' } }, institution)
    expect(changed.admin?.last_name).toBe('Al Saeed')
  })

  it('moves the admin call’s field errors under admin.', () => {
    expect(['email', 'userprofile.phone_number', 'admin.email'].map(adminFieldName))
      .toEqual(['admin.email', 'admin.userprofile.phone_number', 'admin.email'])
  })
})
