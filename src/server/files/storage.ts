// Where uploaded and generated files live (assessment PDFs, report templates, audio, report files).
// One interface, two stores: DATA_DIR/files on this machine by default, or an S3-compatible bucket
// (FILE_STORAGE=s3) so several copies of the server behind a balancer share the same files.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { encodeSegment, sha256Hex, signRequest } from './sigv4'

export type FileStorage = {
  readonly kind: 'local' | 's3'
  /** Stores bytes under key (`folder/name`); never overwrites an existing key. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>
  remove(key: string): Promise<void>
}

export type S3Config = {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

const KEY = /^[a-z0-9-]+\/[a-zA-Z0-9._-]+$/

function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key ${key}`)
  return key
}

export function localFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, ...checkKey(key).split('/'))
  return {
    kind: 'local',
    async put(key, bytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, bytes, { flag: 'wx' })
    },
    async get(key) {
      const path = pathOf(key)
      try {
        return await readFile(path)
      } catch {
        return null
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}

/** Path-style requests (endpoint/bucket/key), which every S3-compatible store accepts. */
export function s3FileStorage(config: S3Config, fetchImpl: typeof fetch = fetch): FileStorage {
  const keys = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region }
  const urlOf = (key: string) =>
    new URL(`${config.endpoint.replace(/\/$/, '')}/${encodeSegment(config.bucket)}/${checkKey(key).split('/').map(encodeSegment).join('/')}`)
  const call = (method: string, key: string, body?: Uint8Array, headers: Record<string, string> = {}) => {
    const url = urlOf(key)
    const signed = signRequest({ method, url, headers, payloadHash: sha256Hex(body ?? '') }, keys, new Date())
    return fetchImpl(url, { method, headers: signed, body: body as BodyInit | undefined, signal: AbortSignal.timeout(30_000) })
  }
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const res = await call('PUT', key, bytes, { 'content-type': contentType, 'if-none-match': '*' })
      if (!res.ok) throw new Error(`file store refused PUT ${key}: HTTP ${res.status}`)
    },
    async get(key) {
      const res = await call('GET', key)
      if (res.status === 404) return null
      if (!res.ok) throw new Error(`file store refused GET ${key}: HTTP ${res.status}`)
      return Buffer.from(await res.arrayBuffer())
    },
    async remove(key) {
      const res = await call('DELETE', key)
      if (!res.ok && res.status !== 404) throw new Error(`file store refused DELETE ${key}: HTTP ${res.status}`)
    },
  }
}
