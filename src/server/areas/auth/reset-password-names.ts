// POST /api/reset-password/ under both spellings (docs/adr/0061-reset-password-spec-names.md).
// The web form and this API's documents use new_password / confirm_new_password and the code
// password_rule; the specification's client (the old system) sends newPass / confirmPass and reads the
// password-rule error as validateName. A body in the spec's spelling is answered in the spec's spelling.
import { HttpError } from '../../lib/http-error'
import { CODES } from '../../../shared/schemas/codes'

const SPEC_TO_API = { newPass: 'new_password', confirmPass: 'confirm_new_password' } as const
const API_TO_SPEC: Record<string, string> = { new_password: 'newPass', confirm_new_password: 'confirmPass' }
const SPEC_CODES: Record<string, string> = { [CODES.passwordRule]: 'validateName' }

/** True when the body uses the spec's names (and not ours). */
export function usesSpecNames(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false
  const record = body as Record<string, unknown>
  return ('newPass' in record || 'confirmPass' in record) && !('new_password' in record)
}

/** The body with the spec's names copied to ours (ours win when both are sent). */
export function toApiNames(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  const record = { ...(body as Record<string, unknown>) }
  for (const [spec, api] of Object.entries(SPEC_TO_API)) {
    if (record[api] === undefined && record[spec] !== undefined) record[api] = record[spec]
    delete record[spec]
  }
  return record
}

/** A validation failure with field names and codes spelled as the spec's client expects. */
export function toSpecError(error: HttpError): HttpError {
  const rename = (field: string) => API_TO_SPEC[field] ?? field
  const fields = error.fields && Object.fromEntries(Object.entries(error.fields).map(([f, m]) => [rename(f), m]))
  const codes = error.codes && Object.fromEntries(Object.entries(error.codes).map(([f, c]) => [rename(f), SPEC_CODES[c] ?? c]))
  return new HttpError(error.status, error.errors, fields, codes, error.oauthError, error.current)
}
