// The NUL character (U+0000), which PostgreSQL refuses in text, in a body as sent: raw, as a JSON escape or
// percent-encoded in a form.

/** `\u0000` as a JSON escape, not preceded by an odd number of backslashes (which would make it literal text). */
const JSON_NUL_ESCAPE = /(?<!\\)(?:\\\\)*\\u0000/i

export function hasNul(body: string): boolean {
  return body.includes('\u0000') || JSON_NUL_ESCAPE.test(body) || /%00/.test(body)
}
