import { describe, expect, it } from 'vitest'
import { customReportTypes, reportViewOf, showsAssessmentSelect } from './report-view'

const types = customReportTypes([
  { id: 1, display_name: 'Common', switches: '' },
  { id: 105, display_name: 'Term bundle', arabic_display_name: 'مجموعة الفصل', switches: 'enableParentReport' },
  { id: 107, display_name: 'Year on year', switches: 'comparative, enableParentReport' },
  { id: 108, display_name: 'Plain bundle', switches: '' },
])

describe('reportViewOf', () => {
  it('opens the built-in reports by their ids: 1 common, 2 accurate, 6 tally', () => {
    expect(reportViewOf(1, types).kind).toBe('common')
    expect(reportViewOf(2, types).kind).toBe('accurate')
    expect(reportViewOf(6, types).kind).toBe('tally')
  })

  it("says 'invalid type' for any other id below 100", () => {
    for (const id of [3, 4, 5, 7, 99]) expect(reportViewOf(id, types).kind).toBe('invalid')
  })

  it('opens a custom report as comparative when its switches say so, otherwise as a bundle', () => {
    expect(reportViewOf(107, types)).toEqual({ kind: 'comparative', libraryId: 7 })
    expect(reportViewOf(105, types)).toEqual({ kind: 'bundle', libraryId: 5, parentReport: true })
    expect(reportViewOf(108, types)).toEqual({ kind: 'bundle', libraryId: 8, parentReport: false })
  })

  it('waits for the list before judging a custom id, and shows nothing without a type', () => {
    expect(reportViewOf(150, types).kind).toBe('unknown-custom')
    expect(reportViewOf(0, types).kind).toBe('none')
  })

  it('keeps only the custom types (100 and above) from the report-type list', () => {
    expect(types.map((t) => t.id)).toEqual([105, 107, 108])
    expect(types[0]!.arabicName).toBe('مجموعة الفصل')
  })
})

describe('showsAssessmentSelect', () => {
  it('shows the assessment only for the common report once a class is chosen', () => {
    expect(showsAssessmentSelect(1, 4)).toBe(true)
    expect(showsAssessmentSelect(1, 0)).toBe(false)
    expect(showsAssessmentSelect(2, 4)).toBe(false)
  })
})
