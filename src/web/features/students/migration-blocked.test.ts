import { describe, expect, it } from 'vitest'
import { alreadyEnrolled } from './migration-blocked'

const student = (id: number, first: string, history: { class_id: number; academic_year_id: number; class_name: string; academic_year_name: string }[]) => ({
  id, first_name: first, last_name: 'Saleh', studentclassrelation_set: history.map((h) => ({ ...h, is_active: true })),
})
const adam = student(1, 'Adam', [
  { class_id: 10, academic_year_id: 1, class_name: 'Grade 1 A', academic_year_name: '2026-2027' },
  { class_id: 20, academic_year_id: 2, class_name: 'Grade 2 A', academic_year_name: '2027-2028' },
])
const huda = student(2, 'Huda', [{ class_id: 10, academic_year_id: 1, class_name: 'Grade 1 A', academic_year_name: '2026-2027' }])

describe('students the migration would refuse as already enrolled', () => {
  it('names a student already in another class of the destination year', () => {
    expect(alreadyEnrolled([adam, huda], 30, 2)).toEqual([{ id: 1, name: 'Adam Saleh', className: 'Grade 2 A', yearName: '2027-2028', alreadyThere: false }])
  })

  it('sets apart a student already in the destination class for the destination year, as already there', () => {
    expect(alreadyEnrolled([adam, huda], 20, 2)).toEqual([{ id: 1, name: 'Adam Saleh', className: 'Grade 2 A', yearName: '2027-2028', alreadyThere: true }])
  })

  it('blocks nobody without a destination year', () => {
    expect(alreadyEnrolled([adam, huda], 30, null)).toEqual([])
  })
})
