// How queued writes travel: one write as its own request (JSON, or a form with its file), or consecutive JSON
// writes in one batch call (ADR 0104) whose answers come back as the Responses they would have been alone.
// Each write carries its Idempotency-Key, so a write sent again is answered, never applied twice.
import { REQUEST_TIMEOUT_MS, send as defaultSend } from '../api/api-client'
import type { ApiRequest } from '../api/api-client'
import { IDEMPOTENCY_HEADER, api } from '../../../shared/api'
import type { BatchAnswer, BatchResult } from '../../../shared/schemas/batch'
import type { OutboxItem } from '../db/db'
import type { ResolvedWrite } from './replay-policy'

export type Send = (request: ApiRequest) => Promise<Response>

export class OutboxTransport {
  /** The server answered the batch call 404 (an older version): writes go one at a time. */
  batchUnsupported = false

  constructor(private readonly send: Send = defaultSend) {}

  /** Sends one write with its references resolved; `bytes` is the file of an upload. Throws NetworkError. */
  one(item: OutboxItem, request: { path: string; body: unknown }, bytes: ArrayBuffer | undefined): Promise<Response> {
    // A file takes its time on a slow line: allow for 16 kB/s on top of the usual wait before calling it lost.
    const timeoutMs = bytes ? REQUEST_TIMEOUT_MS + Math.ceil(bytes.byteLength / 16_000) * 1000 : undefined
    return this.send({
      method: item.method,
      path: request.path,
      ...(item.file ? { multipart: formOf(item.file, bytes ?? new ArrayBuffer(0)) } : { json: request.body }),
      idempotencyKey: keyOf(item),
      timeoutMs,
    })
  }

  /** Sends the writes in one batch call; the server applies them in order and stops at the first not 2xx. */
  batch(group: readonly ResolvedWrite[]): Promise<Response> {
    return this.send({
      method: 'POST',
      path: api.batch,
      json: {
        requests: group.map(({ item, path, body }) => ({
          method: item.method, path, ...(body === undefined ? {} : { body }), headers: { [IDEMPOTENCY_HEADER]: keyOf(item) },
        })),
      },
    })
  }
}

/**
 * The answers of a batch call, each as the Response it would have been alone (undefined: not attempted);
 * undefined when the answer cannot be read.
 */
export async function batchAnswers(response: Response): Promise<(Response | undefined)[] | undefined> {
  let results: BatchResult[] | undefined
  try {
    results = ((await response.json()) as { payload?: BatchAnswer }).payload?.results
  } catch {
    return undefined
  }
  return Array.isArray(results) && results.length > 0 ? results.map((r) => (r ? answerOf(r) : undefined)) : undefined
}

/** The `payload` of an accepted answer, if it has one. */
export async function payloadOf(response: Response): Promise<unknown> {
  const text = await response.text()
  try {
    return text ? (JSON.parse(text) as { payload?: unknown }).payload : undefined
  } catch {
    return undefined
  }
}

/** The Idempotency-Key a write is sent with, alone or in a batch (a corrected resend has its own key). */
function keyOf(item: OutboxItem): string {
  return item.key ?? item.id
}

/** The form of a queued file; rebuilt for each attempt (the server's key check ignores the boundary). */
function formOf(file: NonNullable<OutboxItem['file']>, bytes: ArrayBuffer): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(file.fields ?? {})) form.append(name, value)
  form.append(file.field, new Blob([bytes], { type: file.type }), file.name)
  return form
}

/** One write's answer inside a batch answer, as the Response it would have been on its own. */
function answerOf(result: BatchResult): Response {
  const empty = result.status === 204 || result.status === 205 || result.status === 304 || result.body === null || result.body === undefined
  const body = empty ? null : typeof result.body === 'string' ? result.body : JSON.stringify(result.body)
  const status = Number.isInteger(result.status) && result.status >= 200 && result.status <= 599 ? result.status : 502
  return new Response(body, { status, headers: { ...result.headers, 'Content-Type': 'application/json' } })
}
