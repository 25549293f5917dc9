// The first GET of a query that holds an answer sends that answer's ETag, and on 304 tells the query to keep what
// it holds (ADR 0102, 0134). The query's side is lib/query/query-etag.ts; the two meet through the query's abort
// signal, which every query function passes to its calls.

/** One fetch of a query: the ETag of the answer it holds, how many GETs its function made, the last answer's tag. */
export type Revalidation = {
  held?: string
  gets: number
  etag?: string | null
  /** The server said the held answer is still current. */
  notModified?: boolean
}

/** Each fetch of a query, by the abort signal its function passes to its calls. */
export const revalidations = new WeakMap<AbortSignal, Revalidation>()

/** Thrown by a GET answered 304: the query keeps the data it holds (there is no body to return). */
export class NotModified extends Error {}
