// Both file stores behave alike: stored bytes come back, a key is never overwritten, a missing key is null,
// removal is final. The S3 store is exercised against a small S3-compatible server that checks signatures.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256Hex, signRequest } from './sigv4'
import { localFileStorage, s3FileStorage, type FileStorage } from './storage'

const keys = { accessKeyId: 'TESTKEY', secretAccessKey: 'test-secret', region: 'eu-central-1' }
const objects = new Map<string, Buffer>()
const seenAuth: string[] = []
let server: Server
let endpoint = ''

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const url = new URL(req.url!, `http://${req.headers.host}`)
      // Re-sign what arrived with the shared secret: a request altered or signed with another key fails.
      const signedNames = /SignedHeaders=([^,]+)/.exec(req.headers.authorization ?? '')?.[1]?.split(';') ?? []
      const headers = Object.fromEntries(signedNames.filter((n) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(n)).map((n) => [n, String(req.headers[n])]))
      const date = String(req.headers['x-amz-date'])
      const when = new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`)
      const expected = signRequest({ method: req.method!, url, headers, payloadHash: sha256Hex(body) }, keys, when).authorization
      seenAuth.push(String(req.headers.authorization))
      if (req.headers.authorization !== expected || req.headers['x-amz-content-sha256'] !== sha256Hex(body)) {
        res.writeHead(403).end('SignatureDoesNotMatch')
        return
      }
      const key = url.pathname
      if (req.method === 'PUT') {
        if (req.headers['if-none-match'] === '*' && objects.has(key)) return void res.writeHead(412).end()
        objects.set(key, body)
        return void res.writeHead(200).end()
      }
      if (req.method === 'GET') {
        const o = objects.get(key)
        return void (o ? res.writeHead(200).end(o) : res.writeHead(404).end())
      }
      if (req.method === 'DELETE') {
        objects.delete(key)
        return void res.writeHead(204).end()
      }
      res.writeHead(405).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(() => server.close())

const root = mkdtempSync(join(tmpdir(), 'miscue-files-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const stores: [string, () => FileStorage][] = [
  ['local', () => localFileStorage(root)],
  ['s3', () => s3FileStorage({ endpoint, bucket: 'miscue-files', ...keys })],
]

describe.each(stores)('%s file store', (_name, make) => {
  it('returns stored bytes, never overwrites, answers null when missing, and removes', async () => {
    const store = make()
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 1, 2, 3])
    await store.put('assessments/abc123.pdf', bytes, 'application/pdf')
    expect([...(await store.get('assessments/abc123.pdf'))!]).toEqual([...bytes])
    await expect(store.put('assessments/abc123.pdf', new Uint8Array([9]), 'application/pdf')).rejects.toThrow()
    expect(await store.get('assessments/missing.pdf')).toBeNull()
    await store.remove('assessments/abc123.pdf')
    expect(await store.get('assessments/abc123.pdf')).toBeNull()
  })

  it('refuses keys that could leave their folder', async () => {
    const store = make()
    await expect(store.put('../etc/passwd', new Uint8Array([1]), 'text/plain')).rejects.toThrow(/invalid storage key/)
    await expect(store.get('assessments/../../x')).rejects.toThrow(/invalid storage key/)
  })
})

it('the S3 store is refused by a server that holds another secret', async () => {
  const store = s3FileStorage({ endpoint, bucket: 'miscue-files', ...keys, secretAccessKey: 'wrong' })
  await expect(store.put('assessments/x1.pdf', new Uint8Array([1]), 'application/pdf')).rejects.toThrow(/HTTP 403/)
})
