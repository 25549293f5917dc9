// One call carrying several queued writes (ADR 0104): the server applies them one by one, in order, through
// the same routes as single calls, and stops at the first answer that is not a success.
import * as v from 'valibot'
import { CODES } from './codes'
import { IDEMPOTENCY_HEADER } from '../api'

/** The most writes one batch may carry (and the body limit of 1 MB holds for the whole batch). */
export const BATCH_MAX_REQUESTS = 50

/**
 * The web keeps a batch's bodies under this many characters of JSON (at most 3 bytes each in UTF-8), so the
 * whole call stays within the server's 1 MB body limit; a larger write goes alone.
 */
export const BATCH_MAX_CHARS = 256_000

export const BATCH_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const

/** One write: only JSON bodies; only these headers (never Authorization, Host or a content type). */
export const BatchRequestSchema = v.object({
  method: v.picklist(BATCH_METHODS, CODES.invalidChoice),
  path: v.pipe(v.string(CODES.required), v.minLength(1, CODES.required), v.maxLength(2000, CODES.tooLong)),
  headers: v.optional(v.strictObject({
    [IDEMPOTENCY_HEADER]: v.optional(v.pipe(v.string(CODES.invalidChoice), v.maxLength(200, CODES.tooLong))),
    'If-Match': v.optional(v.pipe(v.string(CODES.invalidChoice), v.maxLength(200, CODES.tooLong))),
  }, CODES.invalidChoice)),
  body: v.optional(v.unknown()),
})

export const BatchSchema = v.object({
  requests: v.array(BatchRequestSchema, CODES.required),
})
export type BatchRequest = v.InferOutput<typeof BatchRequestSchema>

/**
 * The answer to each write that was attempted, in order: `results[i]` answers `requests[i]`. Writes after
 * the first answer that is not 2xx were not attempted and have no result: send them again later.
 */
export type BatchResult = { status: number; body: unknown; headers: Record<string, string> }
export type BatchAnswer = { results: BatchResult[] }
