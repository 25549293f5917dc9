// A small S3-compatible server for tests: path-style PUT (honouring If-None-Match: *), GET and DELETE, and
// every request's SigV4 signature checked against the shared secret, so a request altered or signed with
// another key answers 403 as a real store would.
import { createServer } from 'node:http'
import { sha256Hex, signRequest } from '../../src/server/files/sigv4'

export type FakeS3Keys = { accessKeyId: string; secretAccessKey: string; region: string }

export async function startFakeS3(keys: FakeS3Keys) {
  /** Stored objects by path (`/bucket/folder/name`). */
  const objects = new Map<string, Buffer>()
  const server = createServer((req, res) => {
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
  return {
    endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    objects,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
