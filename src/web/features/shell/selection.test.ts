// The school and year the shell works in: the user's choice is kept while it is still offered, and a list
// that came back empty (not loaded, or none yet) never wipes it.
import { beforeEach, describe, expect, it } from 'vitest'
import { getStoredSchoolId, storeSchoolId, storeYearId, getStoredYearId } from '../../lib/session/session'
import { resolveSchoolId, resolveYearId } from './selection'

const school = (id: number) => ({ id, name: `School ${id}` }) as never

beforeEach(() => sessionStorage.clear())

describe('the selected school and year', () => {
  it('keeps the stored choice while it is offered, else takes the first and stores it', () => {
    storeSchoolId(2)
    expect(resolveSchoolId([school(1), school(2)])).toBe(2)
    expect(resolveSchoolId([school(3), school(4)])).toBe(3)
    expect(getStoredSchoolId()).toBe(3)
  })

  it('an empty list shows no school but keeps the choice for when the list is back', () => {
    storeSchoolId(2)
    expect(resolveSchoolId([])).toBeNull()
    expect(getStoredSchoolId()).toBe(2)
    expect(resolveSchoolId([school(1), school(2)])).toBe(2)

    storeYearId(8)
    expect(resolveYearId([])).toBeNull()
    expect(resolveYearId([{ id: 7 }, { id: 8 }] as never)).toBe(8)
    expect(getStoredYearId()).toBe(8)
  })
})
