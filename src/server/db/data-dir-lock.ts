// PGlite has no lock of its own: two processes on one data directory would corrupt it.
// The lock is a listening socket that the kernel owns for the life of the process: it is released the
// moment the process ends, however it ends (kill -9 included, before the parent reaps it), and a reused
// pid can never hold it by accident. On Linux it is an abstract socket named after the directory (no file
// to go stale); elsewhere a socket file in DATA_DIR, replaced only when nothing answers on it.
// The holder answers a connection with its pid and start time, so a refused start can name it.
import { mkdirSync, realpathSync, rmSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { createConnection, createServer } from 'node:net'
import type { Server } from 'node:net'
import { join } from 'node:path'

export class DataDirLockedError extends Error {}

export type DataDirLock = { release: () => void; address: string }

function socketAddress(dataDir: string): string {
  const real = realpathSync(dataDir)
  if (process.platform === 'linux') return `\0miscue-data-dir-${createHash('sha256').update(real).digest('hex').slice(0, 32)}`
  return join(real, 'miscue.sock')
}

function listen(address: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => {
      socket.end(JSON.stringify({ pid: process.pid, since: startedAt }))
    })
    server.once('error', reject)
    server.listen(address, () => {
      server.off('error', reject)
      server.unref() // the lock must never keep the process alive on its own
      resolve(server)
    })
  })
}

/** Who holds the lock, as the holder says; null when nothing answers (a stale socket file). */
function askHolder(address: string): Promise<{ pid: number; since: string } | null> {
  return new Promise((resolve) => {
    const socket = createConnection(address)
    let data = ''
    socket.setTimeout(2000, () => { socket.destroy(); resolve({ pid: 0, since: '' }) })
    socket.on('data', (chunk) => { data += chunk.toString() })
    socket.on('end', () => {
      try {
        resolve(JSON.parse(data) as { pid: number; since: string })
      } catch {
        resolve({ pid: 0, since: '' })
      }
    })
    socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED' || e.code === 'ENOENT' ? null : { pid: 0, since: '' }))
  })
}

const startedAt = new Date().toISOString()

/** Takes the lock for the life of this process or throws DataDirLockedError naming the holder. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true })
  rmSync(join(dataDir, 'miscue.lock'), { force: true }) // the pid file of earlier versions
  const address = socketAddress(dataDir)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const server = await listen(address)
      let released = false
      return {
        address,
        release: () => {
          if (released) return
          released = true
          server.close()
          if (!address.startsWith('\0')) rmSync(address, { force: true })
        },
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e
      const holder = await askHolder(address)
      if (holder) {
        const who = holder.pid ? `pid ${holder.pid}, running since ${holder.since}` : 'a process that does not answer'
        throw new DataDirLockedError(
          `Another Miscue process (${who}) is using the data directory ${dataDir}. ` +
            'Stop it first, or start this one with another DATA_DIR (or DATABASE_URL for PostgreSQL).',
        )
      }
      // A socket file left by a process that ended: nothing listens on it, so it can be replaced.
      if (!address.startsWith('\0')) rmSync(address, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`)
}
