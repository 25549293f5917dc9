import { describe, it, expect } from 'vitest'
import * as v from 'valibot'
import { isValidAcademicYearName } from './academic-year'
import { AcademicYearSchema } from '../schemas/academic-year'

describe('academic year name (spec §5: like 23-24 or 2023-2024)', () => {
  it.each(['23-24', '2023-2024', '99-00', '00-01', '1999-2000', '2026-2027'])('accepts %s', (name) => {
    expect(isValidAcademicYearName(name)).toBe(true)
  })

  it.each([
    ['years not consecutive (short)', '23-25'],
    ['years not consecutive (long)', '2023-2025'],
    ['mixed forms', '2023-24'],
    ['mixed forms reversed', '23-2024'],
    ['backwards', '24-23'],
    ['same year', '2023-2023'],
    ['other separator', '23/24'],
    ['spaces', ' 23-24'],
    ['trailing text', '23-24a'],
    ['one year', '2023'],
    ['empty', ''],
    ['non-ASCII digits', '٢٣-٢٤'],
  ])('refuses %s: %s', (_why, name) => {
    expect(isValidAcademicYearName(name)).toBe(false)
  })

  it('is what the academic-year schema applies', () => {
    expect(v.safeParse(AcademicYearSchema, { display_name: '23-24' }).success).toBe(true)
    const refused = v.safeParse(AcademicYearSchema, { display_name: '23-25' })
    expect(refused.success).toBe(false)
    expect(refused.issues?.[0]?.message).toBe('invalid_academic_year')
  })
})
