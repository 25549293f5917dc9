// The ETag of a query's answer lives in the query, next to the data it validates (ADR 0102, 0134): a field of
// the query's state, so it is saved and restored with the data by the persisted cache, and the next fetch after
// a reload revalidates too. A query function may catch the 304 (NotModified) and answer from the data it
// holds itself, as lib/db/kept-fetch.ts does to refresh a kept answer's time. Set as the queries' default `persister`, the hook TanStack Query gives around a
// query function. A fetch whose function made one GET keeps that answer's tag; the next fetch sends it with
// the same GET, and on 304 the query keeps its data (its age refreshed). The tag is sent only while the data is
// still the answer it came with: data set by the app (an optimistic write) is never revalidated as the server's.
// Not in the query's meta: every observer's options replace the meta the persisted cache restores.
import type { Query, QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query'
import { revalidations } from '../api/conditional-get'
import type { HeldTag, Revalidation } from '../api/conditional-get'

/** The tag of the answer a query holds; valid while the query's data has not changed since (`dataUpdateCount`). */
type Validator = HeldTag & { dataUpdateCount: number }
type TaggedState = Query['state'] & { validator?: Validator }

/** The held tag of `query`, while its data is the answer the tag came with. */
export function heldTag(query: Pick<Query, 'state'>): HeldTag | undefined {
  const { validator, data, dataUpdateCount } = query.state as TaggedState
  return validator && data !== undefined && validator.dataUpdateCount === dataUpdateCount ? validator : undefined
}

export async function revalidating<T>(
  queryFn: QueryFunction<T, QueryKey>,
  context: QueryFunctionContext<QueryKey>,
  query: Query,
): Promise<T> {
  const revalidation: Revalidation = { held: heldTag(query), gets: 0 }
  // The same context, its signal marked for this fetch when the function asks for it (asking is what lets the
  // query cancel the call, so it is not read here).
  const own = Object.create(context, {
    signal: {
      enumerable: true,
      get: () => {
        const signal = context.signal
        revalidations.set(signal, revalidation)
        return signal
      },
    },
  }) as QueryFunctionContext<QueryKey>
  let data: T
  try {
    data = await queryFn(own)
  } catch (error) {
    if (!revalidation.notModified) throw error
    data = query.state.data as T // 304: what the query holds is current
  }
  const { answer, gets } = revalidation
  const validator: Validator | undefined = answer?.etag && gets === 1
    ? { address: answer.address, etag: answer.etag, dataUpdateCount: query.state.dataUpdateCount + 1 } // the success about to be stored
    : undefined
  ;(query as { state: TaggedState }).state = { ...query.state, validator }
  return data
}
