import type { Lang, MessageKey } from './messages'
import { text } from './messages'

/** A failure the client caused or may show: becomes a 4xx with the standard error body. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429,
    readonly errors: string[],
    readonly fields?: Record<string, string[]>,
    readonly codes?: Record<string, string>,
    /** Set for auth failures, which answer `{error, error_description}`. */
    readonly oauthError?: string,
  ) {
    super(errors.join('; '))
  }

  static of(status: HttpError['status'], key: MessageKey, lang: Lang): HttpError {
    return new HttpError(status, [text(key, lang)])
  }

  /** A failure tied to one field, shown on that field in the form. */
  static field(status: HttpError['status'], field: string, key: MessageKey, lang: Lang, code = key): HttpError {
    const message = text(key, lang)
    return new HttpError(status, [message], { [field]: [message] }, { [field]: code })
  }

  static auth(status: 400 | 401 | 429, error: string, key: MessageKey, lang: Lang): HttpError {
    return new HttpError(status, [text(key, lang)], undefined, undefined, error)
  }
}
