// Maps the machine codes of shared validation issues (src/shared/schemas/codes.ts) to translated
// messages. Numeric limits come from the issue's `requirement`.
import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { CODES } from '../../../shared/schemas/codes'
import type { Code } from '../../../shared/schemas/codes'
import { PASSWORD_SPECIALS } from '../../../shared/rules/password-limits'

/** The part of a valibot issue (as TanStack Form hands it over) that the mapping reads. */
export type ValidationIssue = { message: string; requirement?: unknown }

function messageFor(code: Code, limit: number | undefined): MessageDescriptor {
  switch (code) {
    case CODES.required:
      return msg`This field is required.`
    case CODES.tooShort:
      return limit === undefined ? msg`This value is too short.` : msg`Enter at least ${limit} characters.`
    case CODES.tooLong:
      return limit === undefined ? msg`This value is too long.` : msg`Enter no more than ${limit} characters.`
    case CODES.invalidEmail:
      return msg`Enter a valid email address.`
    case CODES.invalidUsername:
      return msg`Use letters, digits and spaces, or an email address.`
    case CODES.invalidName:
      return msg`This name contains characters that are not allowed.`
    case CODES.passwordRule:
      return msg`Use upper- and lowercase letters, a digit and one of ${PASSWORD_SPECIALS}, and nothing else.`
    case CODES.notEquivalent:
      return msg`The passwords do not match.`
    case CODES.commonPassword:
      return msg`This password is one of the most commonly used and easy to guess. Choose another.`
    case CODES.invalidPhone:
      return msg`Use digits, spaces, + and - only.`
    case CODES.invalidSubdomain:
      return msg`Start with a letter or digit; then use letters, digits, _ or -.`
    case CODES.invalidZipcode:
      return msg`Use letters, digits, spaces or - only.`
    case CODES.invalidAcademicYear:
      return msg`Use the form 23-24 or 2023-2024.`
    case CODES.invalidNumber:
      return msg`Enter a valid number.`
    case CODES.invalidChoice:
      return msg`Choose one of the options.`
    case CODES.acronymRequired:
      return msg`Institution acronym is required`
    case CODES.acronymTooLong:
      return msg`Acronym must be 10 characters or less`
    case CODES.acronymUppercase:
      return msg`Acronym must contain only uppercase letters`
    case CODES.invalidRegex:
      return msg`This is not a valid regular expression.`
    case CODES.unsafeRegex:
      return msg`This pattern uses something student IDs cannot be checked with: a back-reference, a look-ahead or look-behind, or a Unicode escape. Remove it.`
    case CODES.invalidDate:
      return msg`Enter a valid date (yyyy-mm-dd).`
    case CODES.dateOrder:
      return msg`The end date must not be before the start date.`
    case CODES.tooSmall:
      return limit === undefined ? msg`This value is too small.` : msg`Enter ${limit} or more.`
    case CODES.invalidCountry:
      return msg`Choose a country from the list.`
    case CODES.requireOne:
      return msg`Tick at least one.`
    case CODES.invalidEmiratesId:
      return msg`Enter a valid Emirates ID (784-YYYY-NNNNNNN-N).`
    case CODES.invalidTemporaryId:
      return msg`Enter a valid Emirates ID (784-YYYY-NNNNNNN-N) or a temporary ID: the institution acronym, a dash and five digits.`
    case CODES.studentIdPattern:
      return msg`This ID does not match the format your institution uses.`
    case CODES.invalidAddress:
      return msg`Start with a letter.`
    case CODES.demoSourceRequired:
      return msg`Source institution is required`
    case CODES.demoNameRequired:
      return msg`Demo institution name is required`
    case CODES.demoNameTooShort:
      return msg`Demo institution name must be at least 3 characters`
    case CODES.demoSubdomainRequired:
      return msg`Demo subdomain is required`
    case CODES.demoSubdomainTooShort:
      return msg`Demo subdomain must be at least 3 characters`
    case CODES.demoSubdomainPattern:
      return msg`Only letters, numbers, and hyphens allowed`
    case CODES.notifyEmailRequired:
      return msg`Notification email is required`
    case CODES.notifyEmailInvalid:
      return msg`Please enter a valid email address`
    case CODES.duplicateInFile:
      return limit === undefined ? msg`This value is repeated in the file.` : msg`The same value is already on row ${limit} of this file.`
    case CODES.alreadyExists:
      return msg`A record with this value exists already.`
    case CODES.unknownReference:
      return msg`No match found: check the name or identifier.`
    default:
      return msg`This value is not valid.`
  }
}

const KNOWN_CODES = new Set<string>(Object.values(CODES))

export function isKnownCode(code: string): code is Code {
  return KNOWN_CODES.has(code)
}

/** A translated message for one issue; unknown codes fall back to a generic message. */
export function validationMessage(i18n: I18n, issue: ValidationIssue | string): string {
  const code = typeof issue === 'string' ? issue : issue.message
  const requirement = typeof issue === 'string' ? undefined : issue.requirement
  const limit = typeof requirement === 'number' ? requirement : undefined
  if (!isKnownCode(code)) return i18n._(msg`This value is not valid.`)
  return i18n._(messageFor(code, limit))
}
