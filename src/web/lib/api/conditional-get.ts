// A GET made for a query that holds an answer to the same address sends that answer's ETag, and on 304 tells
// the query to keep what it holds (ADR 0102, 0134). The query's side is lib/query/query-etag.ts; the two meet
// through the query's abort signal, which every query function passes to its calls.

/** The ETag of the answer a query holds, and the address it answered. */
export type HeldTag = { address: string; etag: string }

/** One fetch of a query: the tag it holds, and the GETs its function made with their answers' tags. */
export type Revalidation = {
  held?: HeldTag
  gets: { address: string; etag: string | null }[]
  /** The server said the held answer is still current. */
  notModified: boolean
}

const bySignal = new WeakMap<AbortSignal, Revalidation>()

export function revalidateWith(signal: AbortSignal, revalidation: Revalidation): void {
  bySignal.set(signal, revalidation)
}

export function revalidationOf(signal: AbortSignal | undefined): Revalidation | undefined {
  return signal && bySignal.get(signal)
}

/** Thrown by a GET answered 304: the query keeps the data it holds (there is no body to return). */
export class NotModified extends Error {
  constructor() {
    super('Not modified')
    this.name = 'NotModified'
  }
}
