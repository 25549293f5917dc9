import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createOwnerPersister, queryCacheKey, removeLargestQuery, shouldPersistQuery } from './persisted-cache'

const A = 'sample.localhost|7'
const B = 'sample.localhost|9'

function client(...queries: [string, string][]): PersistedClient {
  return {
    timestamp: 1, buster: 'b',
    clientState: {
      mutations: [],
      queries: queries.map(([key, data]) => ({
        queryKey: [key], queryHash: key, state: { data, status: 'success', dataUpdatedAt: 1 },
      })) as unknown as PersistedClient['clientState']['queries'],
    },
  }
}

let owner: string | null
beforeEach(() => {
  localStorage.clear()
  owner = A
  vi.useFakeTimers()
})

describe('the persisted query cache on a shared device', () => {
  it("keeps each user's cache under their own key, and drops a write still due for the previous user", () => {
    const persister = createOwnerPersister({ storage: localStorage, currentOwner: () => owner, throttleTime: 1000 })
    void persister.persistClient(client(['classes', 'A lists']))
    owner = B // A signed out and B signed in before the throttled write fired
    vi.advanceTimersByTime(1000)
    expect(localStorage.getItem(queryCacheKey(A))).toBeNull()
    expect(localStorage.getItem(queryCacheKey(B))).toBeNull()

    void persister.persistClient(client(['classes', 'B lists']))
    vi.advanceTimersByTime(1000)
    expect(localStorage.getItem(queryCacheKey(B))).toContain('B lists')
    owner = A
    expect(persister.restoreClient()).toBeUndefined()
  })

  it('makes the write still due when the page is left, for the signed-in user only', () => {
    const leaving = { window: new EventTarget(), document: Object.assign(new EventTarget(), { visibilityState: 'visible' }) }
    const persister = createOwnerPersister({ storage: localStorage, currentOwner: () => owner, throttleTime: 1000, leaving })
    void persister.persistClient(client(['my-schools', 'first list']))
    vi.advanceTimersByTime(1000)
    const writes = vi.spyOn(Storage.prototype, 'setItem')
    leaving.window.dispatchEvent(new Event('pagehide')) // already written by the throttled write: not written again
    expect(writes).not.toHaveBeenCalled()
    writes.mockRestore()
    void persister.persistClient(client(['my-schools', 'with the new school']))
    leaving.window.dispatchEvent(new Event('pagehide')) // a full page load before the throttled write fired
    expect(localStorage.getItem(queryCacheKey(A))).toContain('with the new school')

    void persister.persistClient(client(['my-schools', 'tablet put to sleep']))
    leaving.document.visibilityState = 'hidden'
    leaving.document.dispatchEvent(new Event('visibilitychange'))
    expect(localStorage.getItem(queryCacheKey(A))).toContain('tablet put to sleep')

    void persister.persistClient(client(['my-schools', "A's last list"]))
    owner = null // A signed out
    leaving.window.dispatchEvent(new Event('pagehide'))
    persister.forget(A)
    owner = A
    leaving.window.dispatchEvent(new Event('pagehide'))
    expect(localStorage.getItem(queryCacheKey(A))).toBeNull()
  })

  it("forgets a user's saved cache at sign-out", () => {
    localStorage.setItem(queryCacheKey(A), '{}')
    createOwnerPersister({ storage: localStorage, currentOwner: () => owner }).forget(A)
    expect(localStorage.getItem(queryCacheKey(A))).toBeNull()
  })

  it('drops the largest queries when storage is full instead of silently no longer saving', () => {
    let budget = 60
    const storage = {
      ...localStorage,
      getItem: (k: string) => localStorage.getItem(k),
      removeItem: (k: string) => localStorage.removeItem(k),
      setItem: (k: string, v: string) => {
        if (v.length > budget + 200) throw new DOMException('full', 'QuotaExceededError')
        localStorage.setItem(k, v)
      },
    } as Storage
    const persister = createOwnerPersister({ storage, currentOwner: () => owner, throttleTime: 10 })
    void persister.persistClient(client(['small', 'x'], ['huge', 'y'.repeat(500)], ['medium', 'z'.repeat(40)]))
    vi.advanceTimersByTime(10)
    const saved = localStorage.getItem(queryCacheKey(A))!
    expect(saved).toContain('small')
    expect(saved).not.toContain('huge')
    budget = 0
    expect(removeLargestQuery({ persistedClient: client(), error: new Error(), errorCount: 1 })).toBeUndefined()
  })

  it("keeps the shell's profile, schools and years to the last when storage is full", () => {
    let saved = client(['auth', 'the profile '.repeat(20)], ['shell', 'the schools '.repeat(20)], ['classes', 'x'])
    const keys = () => saved.clientState.queries.map((q) => q.queryKey[0])
    saved = removeLargestQuery({ persistedClient: saved, error: new Error(), errorCount: 1 })!
    expect(keys()).toEqual(['auth', 'shell'])
    saved = removeLargestQuery({ persistedClient: saved, error: new Error(), errorCount: 2 })!
    expect(keys()).toEqual(['auth'])
  })

  it('a refresh that failed never removes what was saved: the data is saved as it was, not as the failure', () => {
    const failed = { data: ['Sara', 'Khalid'], status: 'error', error: new Error('Network request failed'), dataUpdatedAt: 5 }
    expect(shouldPersistQuery({ queryKey: ['students', 1], state: failed as never })).toBe(true)
    expect(shouldPersistQuery({ queryKey: ['students', 2], state: { data: undefined, status: 'error' } as never })).toBe(false)
    expect(shouldPersistQuery({ queryKey: ['students', 3], state: { data: undefined, status: 'pending' } as never })).toBe(false)

    const persister = createOwnerPersister({ storage: localStorage, currentOwner: () => owner, throttleTime: 10 })
    const withFailure = client(['students', 'unused'])
    withFailure.clientState.queries[0]!.state = failed as never
    void persister.persistClient(withFailure)
    vi.advanceTimersByTime(10)
    const restored = JSON.parse(localStorage.getItem(queryCacheKey(A))!) as PersistedClient
    expect(restored.clientState.queries[0]!.state).toMatchObject({ data: ['Sara', 'Khalid'], status: 'success', error: null, dataUpdatedAt: 5 })
  })

  it('never persists report bodies', () => {
    expect(shouldPersistQuery({ queryKey: ['reports', 1], state: { data: {}, status: 'success' } as never })).toBe(false)
    expect(shouldPersistQuery({ queryKey: ['classes', 1], state: { data: [], status: 'success' } as never })).toBe(true)
  })
})
