import { describe, expect, it } from 'vitest'
import { reloadOnce } from '../../app/chunk-reload'
import { createLeaseLock, createMemoryLock } from './replay-lock'
import type { ReplayLock } from './replay-lock'

async function mostAtOnce(lockA: ReplayLock, lockB: ReplayLock) {
  let running = 0
  let most = 0
  const task = async () => {
    running++
    most = Math.max(most, running)
    await new Promise((resolve) => setTimeout(resolve, 30))
    running--
  }
  await Promise.all([lockA(task), lockB(task), lockA(task)])
  return most
}

describe('the replay lock', () => {
  it('lets one tab replay at a time with the in-memory lock', async () => {
    const lock = createMemoryLock()
    expect(await mostAtOnce(lock, lock)).toBe(1)
  })

  it('lets one tab replay at a time with the storage lease (browsers without navigator.locks)', async () => {
    const tabA = createLeaseLock(localStorage, { pollMs: 10, holder: 'a' })
    const tabB = createLeaseLock(localStorage, { pollMs: 10, holder: 'b' })
    expect(await mostAtOnce(tabA, tabB)).toBe(1)
    expect(localStorage.getItem('miscue-outbox-lease')).toBeNull()
  })

  it('takes over a lease whose holder vanished (a closed tab) once it expires', async () => {
    localStorage.setItem('miscue-outbox-lease', JSON.stringify({ holder: 'closed-tab', expires: Date.now() + 50 }))
    const lock = createLeaseLock(localStorage, { pollMs: 10, holder: 'me' })
    const started = Date.now()
    await lock(async () => undefined)
    expect(Date.now() - started).toBeGreaterThanOrEqual(40)
  })
})

describe('a failed chunk', () => {
  it('reloads the page once, not in a loop', () => {
    let reloads = 0
    const reload = () => void reloads++
    expect(reloadOnce(sessionStorage, reload, 1_000_000)).toBe(true)
    expect(reloadOnce(sessionStorage, reload, 1_000_500)).toBe(false)
    expect(reloads).toBe(1)
  })
})
