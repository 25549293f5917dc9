import * as v from 'valibot'

/**
 * `updated_at` of the record as the edit form read it (every read answers it). Sent with an update, the
 * server refuses the edit if the record changed meanwhile: 409 with code `conflict` and the current record
 * (docs/adr/0031). Optional: without it the edit wins.
 */
export const editVersion = v.optional(v.pipe(v.string(), v.isoTimestamp()))
