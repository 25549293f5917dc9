// Stored files with random names (never the uploader's), so a name can be neither guessed nor used to climb
// out of its folder. Callers keep the name in their own table and check access before serving. The bytes go
// to the store the environment names (files/storage.ts): DATA_DIR/files, or an S3-compatible bucket.
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { Env } from '../env'
import { localFileStorage, s3FileStorage } from '../files/storage'
import type { FileStorage } from '../files/storage'

export type FileFolder = 'assessments' | 'report-templates' | 'sittings' | 'bulk-uploads' | 'exports'

const NAME = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv; charset=utf-8',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  mp4: 'audio/mp4',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
}

const stores = new WeakMap<Env, FileStorage>()

/** The file store this environment names (one per environment object). */
export function fileStorage(env: Env): FileStorage {
  let store = stores.get(env)
  if (!store) {
    store = env.fileStorage?.kind === 's3' ? s3FileStorage(env.fileStorage) : localFileStorage(join(env.dataDir, 'files'))
    stores.set(env, store)
  }
  return store
}

function keyOf(folder: FileFolder, name: string): string {
  if (!NAME.test(name)) throw new Error(`invalid stored file name ${name}`)
  return `${folder}/${name}`
}

export async function storeFile(env: Env, folder: FileFolder, bytes: Uint8Array, ext: string): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${ext}`
  await fileStorage(env).put(keyOf(folder, name), bytes, CONTENT_TYPES[ext] ?? 'application/octet-stream')
  return name
}

/** The stored bytes, or null when the file is gone. */
export async function readStoredFile(env: Env, folder: FileFolder, name: string): Promise<Buffer | null> {
  if (!NAME.test(name)) return null
  return fileStorage(env).get(keyOf(folder, name))
}

export async function removeStoredFile(env: Env, folder: FileFolder, name: string | null | undefined): Promise<void> {
  if (!name || !NAME.test(name)) return
  await fileStorage(env).remove(keyOf(folder, name))
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
