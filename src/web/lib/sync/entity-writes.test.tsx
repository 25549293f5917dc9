// defineEntityWrites on a real outbox (Dexie on fake-indexeddb) with the network isolated by MSW.
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { MiscueDb } from '../db/db'
import { i18n } from '../i18n/i18n'
import { defineEntityWrites } from './entity-writes'
import { Outbox } from './outbox'
import { isConflict } from './replay-policy'
import { OutboxProvider } from './outbox-context'
import { createMemoryLock } from './replay-lock'
import { setupEnglishApiServer } from './testing/english-api-server'

type Shelf = { id: number; name: string; updated_at: string }
type ShelfBody = { name: string }

// A new entity's writes are these lines.
const shelfWrites = defineEntityWrites<Shelf, ShelfBody, { roomId: number }>({
  entity: 'shelf',
  paths: { create: ({ roomId }) => `/api/room/${roomId}/shelf/`, record: ({ roomId }, id) => `/api/room/${roomId}/shelf/${id}/` },
  keys: ({ roomId }) => ['shelves', roomId],
  scope: ({ roomId }) => ({ roomId }),
  label: (shelf) => shelf.name,
})

const server = setupEnglishApiServer()

type Received = { method: string; path: string; key: string | null; body: unknown }
let received: Received[]
let online: boolean
let db: MiscueDb
let outbox: Outbox
let queryClient: QueryClient

function record(answer: (request: Received) => Response) {
  server.use(http.all('*/api/*', async ({ request }) => {
    const body = request.method === 'DELETE' ? undefined : await request.json()
    const entry = { method: request.method, path: new URL(request.url).pathname, key: request.headers.get('Idempotency-Key'), body }
    received.push(entry)
    return answer(entry)
  }))
}

const NOW = '2026-03-01T10:00:00.000Z'
const LATER = '2026-03-01T11:00:00.000Z'
const conflict = (current: Shelf) =>
  HttpResponse.json({ message: { errors: ['Someone else changed this record'], codes: { _: 'conflict' }, current } }, { status: 409 })

beforeEach(() => {
  received = []
  online = true
  db = new MiscueDb(`entity-writes-${Math.random()}`)
  outbox = new Outbox({ db, isOnline: () => online, schedule: () => () => {}, currentOwner: () => 'test|1', lock: createMemoryLock(), channel: null })
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
})

function wrapper({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <OutboxProvider outbox={outbox}>{children}</OutboxProvider>
      </QueryClientProvider>
    </I18nProvider>
  )
}

function useShelves(roomId: number) {
  return {
    save: shelfWrites.useSave({ roomId }),
    remove: shelfWrites.useDelete({ roomId }),
    pending: shelfWrites.usePendingRows({ roomId }),
    creates: shelfWrites.usePendingCreates({ roomId }),
    rejections: shelfWrites.useRejections({ roomId }),
    conflicts: shelfWrites.useConflicts({ roomId }),
    resolve: shelfWrites.useResolveConflict({ roomId }),
  }
}

describe('defineEntityWrites', () => {
  it('creates with POST and edits with PUT carrying the version the form started from', async () => {
    record(({ method }) => HttpResponse.json({ payload: { id: 5, name: 'A', updated_at: LATER } }, { status: method === 'POST' ? 201 : 200 }))
    const { result } = renderHook(() => useShelves(1), { wrapper })
    const created = await act(() => result.current.save({ name: 'A' }))
    const updated = await act(() => result.current.save({ name: 'B' }, { id: 5, updated_at: NOW }))
    expect([created.state, updated.state]).toEqual(['accepted', 'accepted'])
    expect(received.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/api/room/1/shelf/', body: { name: 'A' } },
      { method: 'PUT', path: '/api/room/1/shelf/5/', body: { name: 'B', updated_at: NOW } },
    ])
    expect(received[0]!.key).not.toBe(received[1]!.key)
  })

  it('shows writes queued offline as pending rows of their scope only, and creates as references', async () => {
    online = false
    const { result } = renderHook(() => ({ one: useShelves(1), two: useShelves(2) }), { wrapper })
    await act(() => result.current.one.save({ name: 'New shelf' }))
    await act(() => result.current.one.remove({ id: 9, name: 'Old shelf', updated_at: NOW }))
    await waitFor(() => expect(result.current.one.pending).toHaveLength(2))
    expect(result.current.one.pending.map((row) => [row.kind, row.rowId, row.values])).toEqual([
      ['create', undefined, { name: 'New shelf' }],
      ['delete', 9, {}],
    ])
    expect(result.current.two.pending).toEqual([])
    const [create] = result.current.one.creates
    expect(create?.label).toBe('New shelf')
    expect(create?.ref).toEqual({ $ref: create?.item.id })
    expect(received).toEqual([])
  })

  it('counts only a 409 with code `conflict` as a conflict; other refusals are rejections', async () => {
    record(({ body }) => ((body as ShelfBody).name === 'stale'
      ? conflict({ id: 5, name: 'theirs', updated_at: LATER })
      : HttpResponse.json({ message: { errors: ['Busy'], codes: { _: 'in_use' } } }, { status: 409 })))
    const { result } = renderHook(() => useShelves(1), { wrapper })
    const stale = await act(() => result.current.save({ name: 'stale' }, { id: 5, updated_at: NOW }))
    await act(() => result.current.save({ name: 'other' }, { id: 6, updated_at: NOW }))
    expect(isConflict(stale.item)).toBe(true)
    await waitFor(() => expect(result.current.rejections).toHaveLength(2))
    expect(result.current.conflicts.map((item) => item.label)).toEqual(['stale'])
  })

  it('“Keep mine” queues a NEW write (own key) over the current version in place of the refused one', async () => {
    let first = true
    record(() => {
      if (first) {
        first = false
        return conflict({ id: 5, name: 'theirs', updated_at: LATER })
      }
      return HttpResponse.json({ payload: { id: 5, name: 'mine', updated_at: '2026-03-01T12:00:00.000Z' } })
    })
    const { result } = renderHook(() => useShelves(1), { wrapper })
    const refused = await act(() => result.current.save({ name: 'mine' }, { id: 5, updated_at: NOW }))
    const current = refused.item.rejection?.current as Shelf
    const kept = await act(() => result.current.resolve.keepMine(refused.item, current))
    expect(kept.state).toBe('accepted')
    expect(received.map((r) => r.body)).toEqual([{ name: 'mine', updated_at: NOW }, { name: 'mine', updated_at: LATER }])
    expect(received[1]!.key).not.toBe(received[0]!.key)
    expect(received[1]!.path).toBe('/api/room/1/shelf/5/')
    await waitFor(() => expect(result.current.pending).toEqual([]))
  })

  it('“Use theirs” drops my change without sending it and refreshes the lists', async () => {
    record(() => conflict({ id: 5, name: 'theirs', updated_at: LATER }))
    queryClient.setQueryData(['shelves', 1, 'list'], ['cached'])
    const { result } = renderHook(() => useShelves(1), { wrapper })
    const refused = await act(() => result.current.save({ name: 'mine' }, { id: 5, updated_at: NOW }))
    await act(() => result.current.resolve.takeTheirs(refused.item))
    expect(outbox.items()).toEqual([])
    expect(received).toHaveLength(1)
    expect(queryClient.getQueryState(['shelves', 1, 'list'])?.isInvalidated).toBe(true)
  })

  it('“Decide later” is doing nothing: the conflict stays in the outbox', async () => {
    record(() => conflict({ id: 5, name: 'theirs', updated_at: LATER }))
    const { result } = renderHook(() => useShelves(1), { wrapper })
    await act(() => result.current.save({ name: 'mine' }, { id: 5, updated_at: NOW }))
    await waitFor(() => expect(result.current.conflicts).toHaveLength(1))
    expect(result.current.pending[0]?.rejected).toBe(true)
  })
})
