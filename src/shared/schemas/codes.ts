// Machine codes carried by every validation issue. The web maps them to Lingui messages
// (src/web/lib/i18n/validation-messages.ts); the server to English/Arabic text (src/server/lib/messages.ts).
// A code's numeric limit travels as the valibot issue's `requirement`.
export const CODES = {
  required: 'required',
  tooShort: 'too_short',
  tooLong: 'too_long',
  invalidEmail: 'invalid_email',
  invalidUsername: 'invalid_username',
  invalidName: 'validateName',
  passwordRule: 'password_rule',
  notEquivalent: 'notEquivalent',
  invalidPhone: 'invalid_phone',
  invalidSubdomain: 'invalid_subdomain',
  invalidZipcode: 'invalid_zipcode',
  invalidAcademicYear: 'invalid_academic_year',
  invalidNumber: 'invalid_number',
  invalidChoice: 'invalid_choice',
  invalidAddress: 'invalid_address',
  invalidDate: 'invalid_date',
  requireOne: 'multipleCheckboxRequireOne',
  tooSmall: 'too_small',
  dateOrder: 'date_order',
  invalidCountry: 'invalid_country',
  acronymRequired: 'acronym_required',
  acronymTooLong: 'acronym_too_long',
  acronymUppercase: 'acronym_uppercase',
  invalidRegex: 'invalid_regex',
  unsafeRegex: 'unsafe_regex',
  invalidEmiratesId: 'invalid_emirates_id',
  invalidTemporaryId: 'invalid_temporary_id',
  studentIdPattern: 'student_id_pattern',
} as const
export type Code = (typeof CODES)[keyof typeof CODES]
