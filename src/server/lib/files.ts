// Stored files under DATA_DIR/files/<folder>/ with random names (never the uploader's), so a name can be
// neither guessed nor used to climb out of the folder. Callers keep the name in their own table and check
// access before serving. (An S3-compatible store can replace this module later.)
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Env } from '../env'

export type FileFolder = 'assessments' | 'report-templates'

const NAME = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/

function pathOf(env: Env, folder: FileFolder, name: string): string {
  if (!NAME.test(name)) throw new Error(`invalid stored file name ${name}`)
  return join(env.dataDir, 'files', folder, name)
}

export async function storeFile(env: Env, folder: FileFolder, bytes: Uint8Array, ext: string): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${ext}`
  await mkdir(join(env.dataDir, 'files', folder), { recursive: true })
  await writeFile(pathOf(env, folder, name), bytes, { flag: 'wx' })
  return name
}

/** The stored bytes, or null when the file is gone. */
export async function readStoredFile(env: Env, folder: FileFolder, name: string): Promise<Buffer | null> {
  try {
    return await readFile(pathOf(env, folder, name))
  } catch {
    return null
  }
}

export async function removeStoredFile(env: Env, folder: FileFolder, name: string | null | undefined): Promise<void> {
  if (!name || !NAME.test(name)) return
  await rm(pathOf(env, folder, name), { force: true })
}

function mbFromEnv(name: string, fallbackMb: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallbackMb * 1024 * 1024
  const n = Number(raw)
  if (!Number.isFinite(n) || n <= 0 || n > 200) throw new Error(`${name} must be a number of megabytes from 0 to 200, got "${raw}"`)
  return Math.round(n * 1024 * 1024)
}

/** Largest assessment PDF (PDF_MAX_MB, default 10). Read at start so a bad value stops the start. */
export const PDF_MAX_BYTES = mbFromEnv('PDF_MAX_MB', 10)
