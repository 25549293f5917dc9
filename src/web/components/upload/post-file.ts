// Multipart uploads (spreadsheet imports). The api client sends JSON and form-encoded bodies only, so this
// builds the same request by hand: bearer token, language, idempotency key; the answer is read by the
// client's own unwrap, so errors are ApiError / NetworkError like every other call.
// TODO: once api-client.ts `send` accepts a FormData body, call it here instead of fetch.
import { IDEMPOTENCY_HEADER } from '../../../shared/api'
import { newIdempotencyKey, unwrap } from '../../lib/api/api-client'
import { NetworkError } from '../../lib/api/api-error'
import { getLanguage } from '../../lib/i18n/language'
import { getAccessToken } from '../../lib/session/session'

/** POSTs one file as multipart/form-data under `field`; resolves with the unwrapped payload. */
export async function postFile<T = unknown>(path: string, field: string, file: File): Promise<T> {
  const body = new FormData()
  body.append(field, file, file.name)
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getLanguage() })
  const token = getAccessToken()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  headers.set(IDEMPOTENCY_HEADER, newIdempotencyKey())
  let response: Response
  try {
    response = await fetch(new URL(path, window.location.origin), { method: 'POST', headers, body, credentials: 'same-origin' })
  } catch (error) {
    throw new NetworkError(error)
  }
  return unwrap<T>(response, [401, 403])
}
