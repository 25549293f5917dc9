/** The PostgreSQL error code of a database error, possibly wrapped by Drizzle; null for anything else. */
export function pgErrorCode(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return null
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'])
/** PostgreSQL classes 08 (connection exception) and 57P (operator intervention: shutdown, restart). */
const UNREACHABLE_SQLSTATE = /^(08|57P)/

/** True when the database could not be reached or went away mid-query (restart, failover, network). */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNREACHABLE_SQLSTATE.test(code))) return true
    const message = (e as { message?: unknown }).message
    if (typeof message === 'string' && /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)) return true
  }
  return false
}

/** True when a database error (possibly wrapped by Drizzle) is a unique-constraint violation. */
export function isUniqueViolation(err: unknown): boolean {
  return pgErrorCode(err) === '23505'
}

/** True for a foreign-key violation: a row still in use, or a reference to one deleted meanwhile. */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgErrorCode(err) === '23503'
}

/**
 * True for PostgreSQL's data exceptions (class 22: numeric out of range, invalid text representation,
 * NUL or a bad byte in text, string too long) and program limits (54): the value came from the caller.
 */
export function isBadValue(err: unknown): boolean {
  const code = pgErrorCode(err)
  return code !== null && (code.startsWith('22') || code.startsWith('54'))
}
