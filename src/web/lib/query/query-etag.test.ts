// A GET sends back the ETag of the answer its query holds; on 304 the screen keeps that answer without the
// list being downloaded again (ADR 0102, 0134). Kept per user: another user's answer is never sent as a tag.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dehydrate, hydrate } from '@tanstack/react-query'
import type { QueryClient, QueryFunctionContext } from '@tanstack/react-query'
import { apiRequest } from '../api/api-client'
import { keptOnDevice } from '../db/kept-fetch'
import { clearQueryCache, createQueryClient } from '../../app/query-client'
import { clearSession, saveAuth } from '../session/session'

const LIST = { results: [{ id: 1, display_name: 'Grade 1' }], count: 1 }

afterEach(() => {
  vi.unstubAllGlobals()
  clearSession()
})

function server() {
  const seen: (string | null)[] = []
  const fetchMock = vi.fn(async (_url: URL, init: RequestInit) => {
    const tag = new Headers(init.headers).get('If-None-Match')
    seen.push(tag)
    if (tag === 'W/"v1"') return new Response(null, { status: 304, headers: { ETag: 'W/"v1"' } })
    return new Response(JSON.stringify({ payload: LIST }), { status: 200, headers: { 'Content-Type': 'application/json', ETag: 'W/"v1"' } })
  })
  vi.stubGlobal('fetch', fetchMock)
  return seen
}

const grades = {
  queryKey: ['grades', 1],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest<typeof LIST>({ path: '/api/school/1/grade/', signal }),
  staleTime: 0,
}
const fetchGrades = (client: QueryClient) => client.fetchQuery(grades)

describe('revalidated GET answers', () => {
  it('sends the kept tag back and shows the kept answer when the server says it has not changed', async () => {
    saveAuth('token-a', 3600, 1)
    const seen = server()
    const client = createQueryClient()
    expect(await fetchGrades(client)).toEqual(LIST)
    const fetchedAt = client.getQueryState(grades.queryKey)!.dataUpdatedAt
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(await fetchGrades(client)).toEqual(LIST)
    expect(seen).toEqual([null, 'W/"v1"'])
    expect(client.getQueryState(grades.queryKey)!.dataUpdatedAt).toBeGreaterThan(fetchedAt) // its age is refreshed
  })

  it('keeps answers per user: someone else signing in starts without tags', async () => {
    saveAuth('token-a', 3600, 1)
    const seen = server()
    const client = createQueryClient()
    await fetchGrades(client)
    saveAuth('token-b', 3600, 2)
    clearQueryCache(client) // what a change of writer does (app/start-app.tsx)
    await fetchGrades(client)
    expect(seen).toEqual([null, null])
  })

  it('keeps the tag with the saved answer: the refresh after a reload revalidates too', async () => {
    saveAuth('token-a', 3600, 1)
    const seen = server()
    const before = createQueryClient()
    await fetchGrades(before)
    const saved = JSON.parse(JSON.stringify(dehydrate(before)))
    const after = createQueryClient()
    hydrate(after, saved)
    expect(await fetchGrades(after)).toEqual(LIST)
    expect(seen).toEqual([null, 'W/"v1"'])
  })

  it('revalidates a query that keeps part of its answer: the 304 keeps the part it holds', async () => {
    saveAuth('token-a', 3600, 1)
    const seen = server()
    const client = createQueryClient()
    const rows = {
      queryKey: ['grades', 'rows'],
      queryFn: async ({ signal }: { signal: AbortSignal }) => (await apiRequest<typeof LIST>({ path: '/api/school/1/grade/', signal })).results,
      staleTime: 0,
    }
    await client.fetchQuery(rows)
    expect(await client.fetchQuery(rows)).toEqual(LIST.results)
    expect(seen).toEqual([null, 'W/"v1"'])
  })

  it('never revalidates data the app set itself (an optimistic write) as the server\'s answer', async () => {
    saveAuth('token-a', 3600, 1)
    const seen = server()
    const client = createQueryClient()
    await fetchGrades(client)
    client.setQueryData(grades.queryKey, { results: [], count: 0 })
    expect(await fetchGrades(client)).toEqual(LIST)
    expect(seen).toEqual([null, null])
  })

  it('revalidates a kept answer too: on 304 it keeps the answer, with the time of asking', async () => {
    saveAuth('token-a', 3600, 1)
    const seen = server()
    const client = createQueryClient()
    const kept = {
      queryKey: ['reports', 'grades'],
      queryFn: (context: QueryFunctionContext) => apiRequest<typeof LIST>({ path: '/api/school/1/grade/', signal: context.signal }),
      persister: keptOnDevice('report:grades'),
      staleTime: 0,
    }
    await client.fetchQuery(kept)
    const first = client.getQueryState(kept.queryKey)!.dataUpdatedAt
    await new Promise((resolve) => setTimeout(resolve, 5))
    const askedAt = Date.now()
    expect(await client.fetchQuery(kept)).toEqual(LIST)
    expect(seen).toEqual([null, 'W/"v1"'])
    expect(client.getQueryState(kept.queryKey)!.dataUpdatedAt).toBeGreaterThanOrEqual(askedAt) // not from the device
    expect(client.getQueryState(kept.queryKey)!.dataUpdatedAt).toBeGreaterThan(first)
  })
})
