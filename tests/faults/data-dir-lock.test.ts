// The embedded database belongs to one process: a second server on the same DATA_DIR is refused with a
// message naming the first, and the lock goes with the process however it ends.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from '../../src/server/db/data-dir-lock'
import { freePort, startServer } from './support/server-process'

const dataDir = mkdtempSync(join(tmpdir(), 'miscue-lock-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('DATA_DIR lock', () => {
  it('refuses a second holder in words that name the first, and is free again once released', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'miscue-lock-unit-'))
    const first = await lockDataDir(dir)
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError)
    await expect(lockDataDir(dir)).rejects.toThrow(new RegExp(`pid ${process.pid}`))
    first.release()
    const again = await lockDataDir(dir)
    again.release()
    rmSync(dir, { recursive: true, force: true })
  })

  it('a second server on the same DATA_DIR exits with a clear message; after kill -9 of the first a restart is accepted at once', async () => {
    const first = startServer({ DATA_DIR: dataDir }, await freePort())
    await first.waitReady()
    const second = startServer({ DATA_DIR: dataDir }, await freePort())
    expect(await second.exited).toBe(1)
    expect(second.output()).toMatch(new RegExp(`Another Miscue process \\(pid ${first.proc.pid}, running since .*\\) is using the data directory`))
    await first.kill('SIGKILL')
    const third = startServer({ DATA_DIR: dataDir }, await freePort())
    await third.waitReady()
    await third.kill('SIGTERM')
  })
})
