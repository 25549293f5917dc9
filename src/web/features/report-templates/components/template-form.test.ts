import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ReportTemplateSchema } from '../../../../shared/schemas/report-template'
import { toTemplateInput } from './template-form'
import type { TemplateFormValues } from './template-form'

const values: TemplateFormValues = {
  name: 'Weekly report', title: '', assessmentLibrary: 3, reportType: 103, reportScope: 3,
  enableParentReport: true, comparative: false, otherSwitches: 'showChart',
  entries: [{ display_name: 'Fluency', assessment_library_entry: 5 }, { display_name: 'Notes', assessment_library_entry: null }],
}

describe('toTemplateInput', () => {
  it('builds the POST/PUT body with the switches joined and the entries in order', () => {
    const input = v.parse(ReportTemplateSchema, toTemplateInput(values))
    expect(input).toMatchObject({ switches: 'enableParentReport, showChart', reportScope: 3, reportType: 103 })
    expect(input.entries.map((e) => e.display_name)).toEqual(['Fluency', 'Notes'])
  })

  it('is invalid until the library, type and scope are chosen and the name has 4 characters', () => {
    expect(v.is(ReportTemplateSchema, toTemplateInput({ ...values, assessmentLibrary: null }))).toBe(false)
    expect(v.is(ReportTemplateSchema, toTemplateInput({ ...values, reportScope: null }))).toBe(false)
    expect(v.is(ReportTemplateSchema, toTemplateInput({ ...values, name: 'abc' }))).toBe(false)
  })
})
