// The earlier multipart shape of a sitting (ADR 0131): tablets updated while sittings waited in their outbox
// (IndexedDB) replay those forms as they were stored, one field per property.
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { SittingSchema } from '../../../shared/schemas/sitting'
import { sittingFromFormFields } from './sitting-request'

/** A typed sitting body, as the capture screen builds it. */
const BODY = {
  student: 5, assessment: 12, class: 3, academic_year: 2, created_in_device_at: '2026-10-01T08:00:00.000Z', duration: 75, total_attempted: 48,
  marks: [{ word_index: 3, miscue: 'substitution', self_corrected: false, words: 1, proper_noun: false, hesitated: false, skipped_line: false, said: 'hat', cues: ['M'] }],
  notes: 'Tired today', scoring_profile: { id: 1, version: 2 }, scored_types: [{ code: 'insertion', counts_as_error: true }],
  text_level: 'G', reading_gaps: [{ at: '2026-10-01T08:00:30.000Z', seconds: 12, reason: 'hidden' }], bracket_word: 30, discontinued: true, comprehension: [2, 1],
}

/** The form fields the outbox stored for it before the update: numbers and text as strings, objects as JSON text. */
const STORED_FIELDS = {
  student: '5', assessment: '12', class: '3', academic_year: '2', created_in_device_at: '2026-10-01T08:00:00.000Z', duration: '75', total_attempted: '48',
  marks: JSON.stringify(BODY.marks), notes: 'Tired today', scoring_profile: '{"id":1,"version":2}', scored_types: '[{"code":"insertion","counts_as_error":true}]',
  text_level: 'G', reading_gaps: JSON.stringify(BODY.reading_gaps), bracket_word: '30', discontinued: 'true', comprehension: '[2,1]',
}

describe('a sitting in the earlier multipart shape', () => {
  it('becomes the JSON body it was built from, the bracket word, the stop and the pauses included', () => {
    const body = sittingFromFormFields('en', STORED_FIELDS)
    expect(body).toEqual(BODY)
    expect(v.safeParse(SittingSchema, body).issues).toBeUndefined()
  })

  it('reads empty marks as none and refuses marks that are not JSON, in the caller language', () => {
    expect(sittingFromFormFields('en', { marks: ' ' })).toEqual({ marks: [] })
    expect(() => sittingFromFormFields('ar', { marks: '[{' })).toThrow(expect.objectContaining({ status: 400 }))
  })
})
