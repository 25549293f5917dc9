// A GET made for a query that holds an answer to the same address sends that answer's ETag, and on 304 tells
// the query to keep what it holds (ADR 0102, 0134). The query's side is lib/query/query-etag.ts; the two meet
// through the query's abort signal, which every query function passes to its calls.

/** The ETag of the answer a query holds, and the address it answered. */
export type HeldTag = { address: string; etag: string }

/** One fetch of a query: the tag it holds, how many GETs its function made and the last one's answer. */
export type Revalidation = {
  held?: HeldTag
  gets: number
  answer?: { address: string; etag: string | null }
  /** The server said the held answer is still current. */
  notModified?: boolean
}

/** Each fetch of a query, by the abort signal its function passes to its calls. */
export const revalidations = new WeakMap<AbortSignal, Revalidation>()

/** Thrown by a GET answered 304: the query keeps the data it holds (there is no body to return). */
export class NotModified extends Error {}
