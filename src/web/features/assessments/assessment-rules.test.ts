import { describe, expect, it } from 'vitest'
import type { Assessment } from '../../../shared/schemas/assessment'
import {
  afterSkill, afterSubject, afterType, assessmentToValues, directionOf, displayTypesOf, emptyAssessmentValues, parentTypeOf,
  skillsOf, toAssessmentInput, typesOf, validateAssessment,
} from './assessment-rules'
import type { AssessmentDependencies, AssessmentFormValues } from './assessment-rules'

const named = (id: number, code: string) => ({ id, code, display_name: code, arabic_display_name: `ar-${code}` })

// The seeded reference data in miniature (ADR 0023): English ltr, Arabic rtl; a questions type with a parent type.
const deps: AssessmentDependencies = {
  subjects: [{ ...named(1, 'english-reading'), directions_code: 'ltr' }, { ...named(2, 'arabic-reading'), directions_code: 'rtl' }],
  skills: [
    { ...named(1, 'en-orf'), subject: 1 }, { ...named(3, 'en-comprehension'), subject: 1 },
    { ...named(4, 'ar-orf'), subject: 2 }, { ...named(5, 'ar-phonics'), subject: 2 },
  ],
  assessment_types: [
    { ...named(1, 'en-passage'), skill_type: 1, assessment_type_parent: null, content_type: [1, 2] },
    { ...named(4, 'en-questions'), skill_type: 3, assessment_type_parent: 1, content_type: [1, 2] },
    { ...named(5, 'ar-passage'), skill_type: 4, assessment_type_parent: null, content_type: [1, 2] },
    { ...named(6, 'ar-letter-sounds'), skill_type: 5, assessment_type_parent: null, content_type: [1] },
    { ...named(7, 'ar-word-reading'), skill_type: 5, assessment_type_parent: null, content_type: [1, 2] },
  ],
  content_display_types: [named(1, 'text'), named(2, 'pdf')],
  levels: [{ ...named(1, 'kg1'), name: 'KG1' }, { ...named(2, 'kg2'), name: 'KG2' }, { ...named(3, 'grade-1'), name: 'Grade 1' }],
}

const valid = (over: Partial<AssessmentFormValues> = {}): AssessmentFormValues => ({
  ...emptyAssessmentValues(),
  title: 'قصة القطة', subject: 2, skill_type: 4, assessment_type: 5, content_display_type: 1, content: 'ذهبت القطة',
  minutes: 2, seconds: 30, levels: [2, 3], ...over,
})

describe('the cascade (spec §4)', () => {
  it('rebuilds the skills per subject and gives the subject its direction', () => {
    expect(skillsOf(deps, 2).map((s) => s.id)).toEqual([4, 5])
    expect(skillsOf(deps, null)).toEqual([])
    expect(directionOf(deps, 2)).toBe('rtl')
    expect(directionOf(deps, 1)).toBe('ltr')
    expect(directionOf(deps, null)).toBe('ltr')
  })

  it('resets the skill and everything below it when the subject changes', () => {
    expect(afterSubject(deps, 2)).toEqual({ subject: 2, skill_type: null, assessment_type: null, content_display_type: null, assessment_parent: null })
  })

  it('filters the types by skill and resets the type; a single choice is picked', () => {
    expect(typesOf(deps, 5).map((t) => t.id)).toEqual([6, 7])
    expect(afterSkill(deps, 5)).toEqual({ skill_type: 5, assessment_type: null, content_display_type: null, assessment_parent: null })
    // ar-orf has one type (passage), which allows text and PDF: the display type is left to the user.
    expect(afterSkill(deps, 4)).toEqual({ skill_type: 4, assessment_type: 5, content_display_type: null, assessment_parent: null })
  })

  it('filters the display types by type, picking the only one, and clears the parent', () => {
    expect(displayTypesOf(deps, 7).map((d) => d.code)).toEqual(['text', 'pdf'])
    expect(afterType(deps, 6)).toEqual({ assessment_type: 6, content_display_type: 1, assessment_parent: null })
    expect(afterType(deps, 7)).toEqual({ assessment_type: 7, content_display_type: null, assessment_parent: null })
  })

  it('knows which types need a parent', () => {
    expect(parentTypeOf(deps, 4)).toBe(1)
    expect(parentTypeOf(deps, 5)).toBeNull()
  })
})

describe('validation (spec §5)', () => {
  const codes = (values: AssessmentFormValues, hasStoredPdf = false) => {
    const fields = validateAssessment(values, { deps, hasStoredPdf }) ?? {}
    return Object.fromEntries(Object.entries(fields).map(([k, issues]) => [k, issues!.map((i) => i.message)]))
  }

  it('accepts a complete text assessment', () => {
    expect(validateAssessment(valid(), { deps, hasStoredPdf: false })).toBeNull()
  })

  it('needs a title of 4 characters, the selects, content for text and one level', () => {
    expect(codes(valid({ title: 'abc', levels: [] }))).toEqual({ title: ['too_short'], levels: ['multipleCheckboxRequireOne'] })
    expect(codes(valid({ subject: null, skill_type: null, assessment_type: null, content_display_type: null }))).toEqual({
      subject: ['required'], skill_type: ['required'], assessment_type: ['required'], content_display_type: ['required'],
    })
    expect(codes(valid({ content: '   ' }))).toEqual({ content: ['required'] })
  })

  it('accepts only 0-10 minutes and 0/15/30/45 seconds', () => {
    expect(codes(valid({ minutes: 11, seconds: 20 }))).toEqual({ minutes: ['too_large'], seconds: ['invalid_seconds'] })
  })

  it('requires the parent only when the type has a parent type', () => {
    const questions = valid({ subject: 1, skill_type: 3, assessment_type: 4, content: 'Who ran?' })
    expect(codes(questions)).toEqual({ assessment_parent: ['required'] })
    expect(validateAssessment({ ...questions, assessment_parent: 9 }, { deps, hasStoredPdf: false })).toBeNull()
  })

  it('requires a PDF for PDF content unless one is stored, and the text content for every display type (spec §5)', () => {
    expect(codes(valid({ content_display_type: 2, content: '' }))).toEqual({ content: ['required'], pdf: ['required'] })
    expect(codes(valid({ content_display_type: 1, content: '  ' }))).toEqual({ content: ['required'] })
    const pdf = valid({ content_display_type: 2, content: 'ذهبت القطة' })
    expect(codes(pdf)).toEqual({ pdf: ['required'] })
    expect(validateAssessment(pdf, { deps, hasStoredPdf: true })).toBeNull()
    expect(validateAssessment({ ...pdf, pdf: 'data:application/pdf;base64,JVBERi0=' }, { deps, hasStoredPdf: false })).toBeNull()
  })
})

describe('the request body', () => {
  it('trims, drops the parent of a type without one and sends the PDF only for PDF content', () => {
    const input = toAssessmentInput(valid({ title: '  قصة القطة ', assessment_parent: 7, pdf: 'data:application/pdf;base64,JVBERi0=' }), deps)
    expect(input).toMatchObject({ title: 'قصة القطة', assessment_parent: null, minutes: 2, seconds: 30, levels: [2, 3] })
    expect(input.pdf).toBeUndefined()
    const withPdf = toAssessmentInput(valid({ content_display_type: 2, pdf: 'data:application/pdf;base64,JVBERi0=' }), deps)
    expect(withPdf.pdf).toBe('data:application/pdf;base64,JVBERi0=')
  })

  it('reads a stored assessment back: "00:02:30" is 2 minutes 30 seconds', () => {
    const stored = {
      id: 3, title: 'The cat', subject: 2, language_title: '', skill_type: 4, assessment_type: 5, assessment_parent: null,
      content_display_type: 2, content: '', duration: '00:02:30', levels: [2, 3], pdf_url: '/api/assessment/3/pdf/',
    } as unknown as Assessment
    expect(assessmentToValues(stored)).toMatchObject({ minutes: 2, seconds: 30, levels: [2, 3], pdf: null })
    expect(toAssessmentInput(assessmentToValues(stored), deps)).toMatchObject({ minutes: 2, seconds: 30 })
  })
})
