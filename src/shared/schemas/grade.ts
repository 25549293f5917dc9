import * as v from 'valibot'
import { requiredText } from '../rules/text'
import { editVersion } from './edit-version'

/** Grade and section share one shape: identifier and display_name, min 1 (spec §5). */
export const GradeSchema = v.object({
  identifier: requiredText(1, 50),
  display_name: requiredText(1, 100),
  updated_at: editVersion,
})
export type GradeInput = v.InferInput<typeof GradeSchema>

export type Grade = {
  id: number
  school_id: number
  identifier: string
  display_name: string
  is_deletable: boolean
  updated_at: string
}
