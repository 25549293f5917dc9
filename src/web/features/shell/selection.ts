import type { AcademicYearOption, SchoolOption } from '../../../shared/schemas/reference'
import { getStoredSchoolId, getStoredYearId, storeSchoolId, storeYearId } from '../../lib/session/session'

/**
 * The stored choice if it is still one of the options, else the first; stored either way. An empty list (none
 * yet, or not loaded) leaves the stored choice alone, so a list that could not be read does not wipe it.
 */
function resolve<T extends { id: number }>(options: readonly T[], stored: number | null, store: (id: number | null) => void): number | null {
  if (options.length === 0) return null
  const id = options.some((o) => o.id === stored) ? stored : options[0]!.id
  store(id)
  return id
}

/** Spec §4 "School selector". */
export function resolveSchoolId(schools: readonly SchoolOption[]): number | null {
  return resolve(schools, getStoredSchoolId(), storeSchoolId)
}

/** Same rule for the academic year (spec §4 "Year selector"). */
export function resolveYearId(years: readonly AcademicYearOption[]): number | null {
  return resolve(years, getStoredYearId(), storeYearId)
}
