import type { AcademicYearOption, SchoolOption } from '../../../shared/schemas/reference'
import { getStoredSchoolId, getStoredYearId, storeSchoolId, storeYearId } from '../../lib/session/session'

/** The stored school if it is still one of the user's schools, else the first; stored either way. */
export function resolveSchoolId(schools: readonly SchoolOption[]): number | null {
  const stored = getStoredSchoolId()
  const id = schools.some((s) => s.id === stored) ? stored : (schools[0]?.id ?? null)
  storeSchoolId(id)
  return id
}

/** Same rule for the academic year (spec §4 "Year selector"). */
export function resolveYearId(years: readonly AcademicYearOption[]): number | null {
  const stored = getStoredYearId()
  const id = years.some((y) => y.id === stored) ? stored : (years[0]?.id ?? null)
  storeYearId(id)
  return id
}
