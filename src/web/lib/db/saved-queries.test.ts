// The shell and lists saved in the device database (ADR 0134, step 3): read before the restore without creating a
// database on a first visit, moved there from localStorage once, and forgotten per user.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createOwnerPersister, queryCacheKey } from '../query/persisted-cache'
import { DEVICE_DB_NAME } from './device-cache-of'
import { savedQueriesOnDevice } from './saved-queries'

const A = 'sample.localhost|7'
const B = 'sample.localhost|9'
const saved = (text: string) => JSON.stringify({ buster: '4', clientState: { queries: [{ queryKey: ['shell'], state: { data: text } }] } })
/** What a page started now restores for `owner`. */
async function readSavedQueries(owner: string) {
  const nextStart = savedQueriesOnDevice(undefined)
  await nextStart.load(owner)
  return nextStart.getItem(queryCacheKey(owner))
}

beforeEach(() => localStorage.clear())

describe('the saved query cache in the device database', () => {
  it('answers a first visit at once without creating the device database', async () => {
    expect(await readSavedQueries(A)).toBeNull()
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(DEVICE_DB_NAME)
  })

  it("moves what the previous version saved in localStorage to the device, each user's apart, then removes it there", async () => {
    localStorage.setItem(queryCacheKey(A), saved("A's schools"))
    localStorage.setItem(queryCacheKey(B), saved("B's schools"))
    localStorage.setItem('language', 'ar')
    const storage = savedQueriesOnDevice(localStorage)
    await storage.load(A) // the update opens offline with the shell it had
    expect(storage.getItem(queryCacheKey(A))).toContain("A's schools")
    await vi.waitFor(() => expect(localStorage.getItem(queryCacheKey(A))).toBeNull())
    expect(localStorage.getItem(queryCacheKey(B))).toBeNull()
    expect(localStorage.getItem('language')).toBe('ar')
    expect(await readSavedQueries(A)).toContain("A's schools")
    expect(await readSavedQueries(B)).toContain("B's schools")

    const nextStart = savedQueriesOnDevice(localStorage)
    await nextStart.load(B)
    expect(nextStart.getItem(queryCacheKey(B))).toContain("B's schools")
    expect(nextStart.getItem(queryCacheKey(A))).toBeNull() // only the signed-in user's copy is read
  })

  it("writes the newest copy behind, and forgets a user's copy on the device, leaving the others", async () => {
    const storage = savedQueriesOnDevice(localStorage)
    storage.setItem(queryCacheKey(A), saved('first'))
    storage.setItem(queryCacheKey(A), saved('newest'))
    storage.setItem(queryCacheKey(B), saved("B's"))
    await vi.waitFor(async () => expect(await readSavedQueries(A)).toContain('newest'))
    await storage.removeItem(queryCacheKey(A)) // sign-out, 401, another user signing in
    expect(await readSavedQueries(A)).toBeNull()
    expect(await readSavedQueries(B)).toContain("B's")

    const nextStart = savedQueriesOnDevice(localStorage)
    await nextStart.load(A)
    expect(nextStart.getItem(queryCacheKey(A))).toBeNull()
  })
  it('issues a write at once once the device database is open, so the copy saved as the page is left is the one the next page reads', async () => {
    const storage = savedQueriesOnDevice(localStorage)
    storage.setItem(queryCacheKey(A), saved('first visit')) // no device database yet: written when idle, creating it
    await vi.waitFor(async () => expect(await readSavedQueries(A)).toContain('first visit'))
    const page = savedQueriesOnDevice(localStorage)
    await page.load(A)
    page.setItem(queryCacheKey(A), saved('shown as the page was left'))
    const nextPage = savedQueriesOnDevice(localStorage) // a full page load at once, with no idle moment between
    await nextPage.load(A)
    expect(nextPage.getItem(queryCacheKey(A))).toContain('shown as the page was left')
  })
  it('keeps the copy written as the page is left in localStorage until it is on the device, which a page going away can roll back', async () => {
    savedQueriesOnDevice(localStorage).setItem(queryCacheKey(A), saved('before'))
    await vi.waitFor(async () => expect(await readSavedQueries(A)).toContain('before'))
    const page = savedQueriesOnDevice(localStorage)
    await page.load(A)
    const window = new EventTarget()
    const document = Object.assign(new EventTarget(), { visibilityState: 'visible' })
    const persister = createOwnerPersister({ storage: page, currentOwner: () => A, leaving: { window, document } })
    void persister.persistClient({ timestamp: Date.now(), buster: '4', ...JSON.parse(saved('shown as the page was left')) })
    // The page goes away before its transaction commits: Chromium rolls it back as the page's connection closes.
    const commits = vi.spyOn(IDBTransaction.prototype, 'commit').mockImplementation(function (this: IDBTransaction) { this.abort() })
    try {
      window.dispatchEvent(new Event('pagehide'))
      await vi.waitFor(async () => expect(commits).toHaveBeenCalled())
    } finally {
      commits.mockRestore()
    }
    expect(await readSavedQueries(A)).toContain('before')
    const nextPage = savedQueriesOnDevice(localStorage)
    await nextPage.load(A)
    expect(nextPage.getItem(queryCacheKey(A))).toContain('shown as the page was left')
    await vi.waitFor(() => expect(localStorage.getItem(queryCacheKey(A))).toBeNull()) // moved to the device
    expect(await readSavedQueries(A)).toContain('shown as the page was left')
  })
  it('restores at once on a page that does not wait for the device (a first visit), its copy read behind', async () => {
    savedQueriesOnDevice(undefined).setItem(queryCacheKey(A), saved('kept'))
    await vi.waitFor(async () => expect(await readSavedQueries(A)).toContain('kept'))
    const storage = savedQueriesOnDevice(undefined)
    const firstVisit = createOwnerPersister({ storage, currentOwner: () => A, restoreWaits: () => false })
    expect(firstVisit.restoreClient()).toBeUndefined() // nothing waited for
    expect(await storage.load(A)).toContain('kept') // for restoreBehind (app/restore-behind.ts)
    const controlled = createOwnerPersister({ storage: savedQueriesOnDevice(undefined), currentOwner: () => A })
    expect(JSON.stringify(await controlled.restoreClient())).toContain('kept')
  })
  it("on a full device writes the copy without its largest lists, keeping the shell", async () => {
    const storage = savedQueriesOnDevice(undefined)
    storage.setItem(queryCacheKey(A), saved('before'))
    await vi.waitFor(async () => expect(await readSavedQueries(A)).toContain('before'))
    await storage.load(A) // the device database is open: the next write is issued at once
    // A full disk: a transaction writing a row over 2,000 characters is aborted with QuotaExceededError.
    const put = IDBObjectStore.prototype.put
    const commit = IDBTransaction.prototype.commit
    const tooLarge = new WeakSet<IDBTransaction>()
    const puts = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (JSON.stringify(value).length > 2_000) tooLarge.add(this.transaction)
      return put.call(this, value, key)
    })
    const commits = vi.spyOn(IDBTransaction.prototype, 'commit').mockImplementation(function (this: IDBTransaction) {
      if (!tooLarge.has(this)) return commit.call(this)
      Object.defineProperty(this, 'error', { value: new DOMException('The device is full', 'QuotaExceededError') })
      this.abort()
    })
    try {
      const copy = { buster: '4', clientState: { queries: [
        { queryKey: ['students', 1], state: { data: 'a long list '.repeat(200) } },
        { queryKey: ['shell', 'schools'], state: { data: 'schools after the edit' } },
        { queryKey: ['classes', 1], state: { data: 'classes' } },
      ] } }
      storage.setItem(queryCacheKey(A), JSON.stringify(copy))
      await vi.waitFor(async () => expect(await readSavedQueries(A)).toContain('schools after the edit'))
      const kept = await readSavedQueries(A)
      expect(kept).toContain('classes')
      expect(kept).not.toContain('a long list')
    } finally {
      puts.mockRestore()
      commits.mockRestore()
    }
  })
})
