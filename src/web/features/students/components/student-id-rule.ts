// The institution's student-ID rule, as the student work-flow call returns it, applied in the form exactly
// as the server applies it (src/shared/rules/student-id.ts).
import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import * as v from 'valibot'
import { TEMPORARY_ID_DIGITS, validateStudentId } from '../../../../shared/rules/student-id'
import type { StudentWorkflow } from '../../../../shared/schemas/student'

export type StudentIdRule = StudentWorkflow['student_id_validation']

/** The error code for a trimmed enrollment code, or null when the rule accepts it (or is unknown). */
export function checkStudentId(rule: StudentIdRule | undefined, value: string): string | null {
  if (!rule) return null
  return validateStudentId(rule.type, value, { acronym: rule.acronym, regex: rule.regex })
}

/** A raw check for a valibot pipe: adds the rule's code once the value passed the schema's own checks. */
export function studentIdAction(rule: StudentIdRule | undefined) {
  return v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.issues) return
    const code = checkStudentId(rule, dataset.value)
    if (code) addIssue({ message: code })
  })
}

/** What the field's hint says about the expected format; the institution's own description for custom patterns. */
export function studentIdHint(i18n: I18n, rule: StudentIdRule | undefined): string | undefined {
  if (!rule) return undefined
  switch (rule.type) {
    case 'EMIRATES_ID':
      return i18n._(msg`Emirates ID: 784-YYYY-NNNNNNN-N (15 digits).`)
    case 'EMIRATES_ID_OR_TEMPORARY': {
      const example = `${rule.acronym}-${'1'.padStart(TEMPORARY_ID_DIGITS, '0')}`
      return i18n._(msg`Emirates ID (784-YYYY-NNNNNNN-N) or a temporary ID such as ${example}.`)
    }
    case 'CUSTOM_REGEX': {
      const description = rule.description?.trim()
      return description ? i18n._(msg`Required format: ${description}`) : i18n._(msg`Use the ID format your institution set.`)
    }
    default:
      return undefined
  }
}
