// AWS Signature Version 4 for S3-compatible stores (AWS S3, MinIO, Ceph, Garage, R2…), written out
// rather than pulled in with an SDK: four HMACs and two hashes are all an upload needs.
import { createHash, createHmac } from 'node:crypto'

export type SigningKeys = { accessKeyId: string; secretAccessKey: string; region: string; service?: string }

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding of one path segment, as S3 expects it. */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
}

export function amzDate(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
}

/**
 * Signs a request: returns the headers to send (the given ones plus x-amz-date, x-amz-content-sha256 and
 * Authorization). `url` must already carry the encoded path.
 */
export function signRequest(
  req: { method: string; url: URL; headers?: Record<string, string>; payloadHash: string },
  keys: SigningKeys,
  now: Date,
): Record<string, string> {
  const service = keys.service ?? 's3'
  const date = amzDate(now)
  const day = date.slice(0, 8)
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(req.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: req.url.host,
    'x-amz-content-sha256': req.payloadHash,
    'x-amz-date': date,
  }
  const names = Object.keys(headers).sort()
  const query = [...req.url.searchParams.entries()]
    .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`)
    .sort()
    .join('&')
  const canonical = [
    req.method,
    req.url.pathname,
    query,
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    req.payloadHash,
  ].join('\n')
  const scope = `${day}/${keys.region}/${service}/aws4_request`
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonical)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, day), keys.region), service), 'aws4_request')
  const signature = createHmac('sha256', key).update(toSign).digest('hex')
  const { host: _host, ...rest } = headers
  return {
    ...rest,
    authorization: `AWS4-HMAC-SHA256 Credential=${keys.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  }
}

export { sha256Hex }
