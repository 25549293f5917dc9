// Removing a sitting is the one way a reading record goes (ADR 0112): an explicit call that says why.
import * as v from 'valibot'
import { requiredText } from '../rules/text'

export const SittingRemovalSchema = v.object({
  /** Why the record is removed (for example "recorded for the wrong student"): kept with who and when. */
  reason: requiredText(5, 1000),
})

/** The audit record a removal leaves. */
export type SittingRemoval = {
  id: number
  sitting_id: number
  student_id: number
  school_id: number
  removed_by: number | null
  removed_by_name: string
  removed_at: string
  reason: string
  /** Whether the sitting had an audio recording, removed with it. */
  audio_removed: boolean
}
