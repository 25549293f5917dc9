// PGlite has no lock of its own: two processes on one data directory would corrupt it.
// The first process writes its pid to DATA_DIR/miscue.lock; a second one is refused while that pid lives.
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs'
import { join } from 'node:path'

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes the lock or throws DataDirLockedError; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'miscue.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(file, { force: true })
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      const pid = Number(readFileSync(file, 'utf8').trim())
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(
          `Another Miscue process (pid ${pid}) is using the data directory ${dataDir}. ` +
            'Stop it first, or start this one with another DATA_DIR (or DATABASE_URL for PostgreSQL).',
        )
      }
      rmSync(file, { force: true }) // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`)
}
