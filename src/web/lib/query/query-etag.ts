// The ETag of a query's answer lives in the query, next to the data it validates (ADR 0102, 0134): a field of
// the query's state, so it is saved and restored with the data by the persisted cache, and the next fetch after
// a reload revalidates too. Set as the queries' default `persister`, the hook TanStack Query gives around a
// query function. A fetch whose function made one GET keeps that answer's tag; the next fetch sends it with its
// first GET (tags are hashes of the body: a 304 means the very body the data came from), and on 304 the query
// keeps its data, its age refreshed. A kept query's persister (lib/db/kept-fetch.ts) runs this inside itself, so
// a 304 keeps the held answer on the device again with the time of asking. The tag is sent only while the
// data is still the answer it came with: data set by the app (an optimistic write) is never revalidated as the
// server's. Not in the query's meta: every observer's options replace the meta the persisted cache restores.
import type { Query, QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query'
import { revalidations } from '../api/conditional-get'
import type { Revalidation } from '../api/conditional-get'

/** The tag of the answer a query holds; valid while the query's data has not changed since (`dataUpdateCount`). */
type Validator = { etag: string; dataUpdateCount: number }
type TaggedState = Query['state'] & { validator?: Validator }

export async function revalidating<T>(
  queryFn: QueryFunction<T, QueryKey>,
  context: QueryFunctionContext<QueryKey>,
  query: Query,
): Promise<T> {
  // The tag is sent while the query's data is still the answer it came with.
  const { validator: kept, data: held, dataUpdateCount } = query.state as TaggedState
  const revalidation: Revalidation = { held: kept && held !== undefined && kept.dataUpdateCount === dataUpdateCount ? kept.etag : undefined, gets: 0 }
  // Every query function of the app passes the query's signal to its calls (and so has always let the query
  // cancel them): reading it here changes nothing about cancelling.
  revalidations.set(context.signal, revalidation)
  let data: T
  try {
    data = await queryFn(context)
  } catch (error) {
    if (!revalidation.notModified) throw error
    data = query.state.data as T // 304: what the query holds is current
  }
  const { etag, gets } = revalidation
  const validator: Validator | undefined = etag && gets === 1
    ? { etag, dataUpdateCount: query.state.dataUpdateCount + 1 } // the success about to be stored
    : undefined
  ;(query as { state: TaggedState }).state = { ...query.state, validator }
  return data
}
