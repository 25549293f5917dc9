import * as v from 'valibot'
import { requiredText } from '../rules/text'
import { editVersion } from './edit-version'

export const SectionSchema = v.object({
  identifier: requiredText(1, 50),
  display_name: requiredText(1, 100),
  updated_at: editVersion,
})

export type Section = {
  id: number
  school_id: number
  identifier: string
  display_name: string
  is_deletable: boolean
  updated_at: string
}
