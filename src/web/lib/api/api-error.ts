/** An HTTP answer outside 2xx, with the server's messages split the way the UI shows them. */
export class ApiError extends Error {
  readonly status: number
  /** Messages not tied to a field (message.errors, or error_description for auth errors). */
  readonly errors: string[]
  /** Server messages per form field (message.fields). */
  readonly fieldErrors: Record<string, string[]>
  /** Machine code of the failed rule per field (message.codes). */
  readonly codes: Record<string, string>
  /** With a 409 for a stale edit: the record as it is now on the server (message.current). */
  readonly current: unknown

  constructor(
    status: number,
    errors: string[],
    fieldErrors: Record<string, string[]> = {},
    codes: Record<string, string> = {},
    current?: unknown,
  ) {
    super(errors[0] ?? `HTTP ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.errors = errors
    this.fieldErrors = fieldErrors
    this.codes = codes
    this.current = current
  }

  /** Every message, field messages included, for places that have no fields to show them on. */
  get allMessages(): string[] {
    const fieldMessages = Object.values(this.fieldErrors).flat()
    return [...new Set([...this.errors, ...fieldMessages])]
  }
}

/** The request never got an HTTP answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network request failed', { cause })
    this.name = 'NetworkError'
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError
}
