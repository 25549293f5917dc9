import type { Lang, MessageKey, Text } from './messages'
import { text } from './messages'
import { EDIT_CONFLICT } from '../../shared/api'

/** A failure the client caused or may show: becomes a 4xx with the standard error body. */
export class HttpError extends Error {
  /** Sent as Retry-After: when a refused call (429) may be sent again. */
  retryAfterSeconds?: number

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429,
    readonly errors: string[],
    readonly fields?: Record<string, string[]>,
    readonly codes?: Record<string, string>,
    /** Set for auth failures, which answer `{error, error_description}`. */
    readonly oauthError?: string,
    /** The record as it is now on the server, sent with a 409 for a stale edit so the user can compare. */
    readonly current?: unknown,
  ) {
    super(errors.join('; '))
  }

  static of(status: HttpError['status'], key: MessageKey, lang: Lang): HttpError {
    return new HttpError(status, [text(key, lang)])
  }

  /** A failure with an area's own bilingual text (areas keep their messages beside their service). */
  static say(status: HttpError['status'], message: Text, lang: Lang, field?: string, code = 'invalid'): HttpError {
    const t = message[lang]
    return field ? new HttpError(status, [t], { [field]: [t] }, { [field]: code }) : new HttpError(status, [t])
  }

  /** A failure tied to one field, shown on that field in the form. */
  static field(status: HttpError['status'], field: string, key: MessageKey, lang: Lang, code = key): HttpError {
    const message = text(key, lang)
    return new HttpError(status, [message], { [field]: [message] }, { [field]: code })
  }

  /** A stale edit: someone changed the record after the client read it. */
  static conflict(lang: Lang, current: unknown): HttpError {
    const message = lang === 'ar'
      ? 'عدّل شخص آخر هذا السجل بعد أن فتحته. راجع القيم الحالية ثم احفظ مرة أخرى.'
      : 'Someone else changed this record after you opened it. Review the current values and save again.'
    return new HttpError(409, [message], undefined, { _: EDIT_CONFLICT }, undefined, current)
  }

  /** Too many calls for now (429): the caller may send the same call again after `seconds`. */
  static tooMany(message: Text, lang: Lang, seconds: number, code = 'too_many_requests'): HttpError {
    const error = new HttpError(429, [message[lang]], undefined, { _: code })
    error.retryAfterSeconds = seconds
    return error
  }

  static auth(status: 400 | 401 | 429, error: string, key: MessageKey, lang: Lang): HttpError {
    return new HttpError(status, [text(key, lang)], undefined, undefined, error)
  }
}
