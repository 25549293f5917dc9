// Structured logs: one JSON object a line (stdout; errors on stderr), ready for a log shipper.
// Never log personal data: no names, emails, tokens, bodies or query strings — ids and route patterns only.
export type LogLevel = 'info' | 'warn' | 'error'
export type LogFields = Record<string, string | number | boolean | null | undefined>
export type Logger = (level: LogLevel, msg: string, fields?: LogFields) => void

export const jsonLogger: Logger = (level, msg, fields = {}) => {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })
  if (level === 'error') process.stderr.write(line + '\n')
  else process.stdout.write(line + '\n')
}

/** What an error may say in a log line: its class, code and message, never request data. */
export function errorFields(err: unknown): LogFields {
  const e = err as { name?: string; code?: unknown; message?: string; stack?: string }
  return { error: e?.name ?? 'Error', code: typeof e?.code === 'string' ? e.code : undefined, detail: e?.message, stack: e?.stack }
}
