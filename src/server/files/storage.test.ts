// Both file stores behave alike: stored bytes come back, a key is never overwritten, a missing key is null,
// removal is final. The S3 store is exercised against a small S3-compatible server that checks signatures.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeS3 } from '../../../tests/setup/fake-s3'
import { localFileStorage, s3FileStorage, type FileStorage } from './storage'

const keys = { accessKeyId: 'TESTKEY', secretAccessKey: 'test-secret', region: 'eu-central-1' }
let s3: Awaited<ReturnType<typeof startFakeS3>>
let endpoint = ''

beforeAll(async () => {
  s3 = await startFakeS3(keys)
  endpoint = s3.endpoint
})
afterAll(() => s3.close())

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
