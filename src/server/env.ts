// Typed configuration read once from the environment; a bad value stops the start with a clear line.
import { resolve } from 'node:path'
import { BULK_LIMITS } from '../shared/bulk/upload-kinds'

export type FileStorageConfig =
  | { kind: 'local' }
  | { kind: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }

export type Env = {
  port: number
  dataDir: string
  databaseUrl: string | undefined
  baseDomain: string
  adminUsername: string
  adminPassword: string | undefined
  sampleData: boolean
  samplePassword: string | undefined
  oauthClientId: string
  oauthClientSecret: string
  /** Absolute lifetime of a session (TOKEN_TTL_SECONDS). */
  tokenTtlSeconds: number
  /** A session unused this long ends (SESSION_IDLE_SECONDS, default 24 hours). */
  sessionIdleSeconds: number
  smtpUrl: string | undefined
  mailFrom: string
  publicProtocol: 'http' | 'https'
  /**
   * Port users open the product on (PUBLIC_PORT); undefined for the protocol's own (443, 80). Links in mail
   * are built from BASE_DOMAIN, PUBLIC_PROTOCOL and this, never from a request's Host (ADR 0114).
   */
  publicPort: number | undefined
  distDir: string
  /** How many proxies in front of us may be trusted to set X-Forwarded-For (0: none). */
  trustProxy: number
  /** How long a shutdown waits for requests in flight before closing them. */
  shutdownTimeoutMs: number
  /**
   * How long a kept token, tenant or school look-up may be used (ACCESS_CACHE_SECONDS, default 30; 0 keeps
   * nothing). Changes of access are forgotten at once through NOTIFY (ADR 0101); this bounds the rest.
   */
  accessCacheSeconds: number
  /** Where files go: DATA_DIR/files (default) or an S3-compatible bucket (FILE_STORAGE=s3). */
  fileStorage?: FileStorageConfig
  /** Bulk uploads up to this many rows are imported while the request waits; larger ones by a job (BULK_SYNC_ROWS). */
  bulkSyncRows: number
}

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`)
  return n
}

function fileStorageFrom(source: NodeJS.ProcessEnv): FileStorageConfig {
  const kind = source.FILE_STORAGE || 'local'
  if (kind === 'local') return { kind }
  if (kind !== 's3') throw new Error('FILE_STORAGE must be local or s3')
  const need = (name: string) => {
    const value = source[name]
    if (!value) throw new Error(`${name} is required with FILE_STORAGE=s3`)
    return value
  }
  return {
    kind,
    endpoint: need('S3_ENDPOINT'),
    bucket: need('S3_BUCKET'),
    region: source.S3_REGION || 'us-east-1',
    accessKeyId: need('S3_ACCESS_KEY_ID'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
  }
}

/**
 * PUBLIC_PORT, or by default PORT over http (the server opened directly) and none over https (behind a
 * TLS proxy on 443). The protocol's own port is left out of links.
 */
function publicPortFrom(source: NodeJS.ProcessEnv, protocol: 'http' | 'https', port: number): number | undefined {
  const value = source.PUBLIC_PORT ? int('PUBLIC_PORT', source.PUBLIC_PORT, 0) : protocol === 'http' ? port : undefined
  return value === undefined || value === (protocol === 'https' ? 443 : 80) ? undefined : value
}

function baseDomainFrom(value: string | undefined): string {
  const domain = (value || 'localhost').toLowerCase()
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(domain)) {
    throw new Error(`BASE_DOMAIN must be a host name such as miscue.example.org, got "${value}"`)
  }
  return domain
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const protocol = source.PUBLIC_PROTOCOL ?? 'http'
  if (protocol !== 'http' && protocol !== 'https') throw new Error('PUBLIC_PROTOCOL must be http or https')
  const port = int('PORT', source.PORT, 8080)
  return {
    port,
    dataDir: resolve(source.DATA_DIR || './data'),
    databaseUrl: source.DATABASE_URL || undefined,
    baseDomain: baseDomainFrom(source.BASE_DOMAIN),
    adminUsername: source.ADMIN_USERNAME || 'admin',
    adminPassword: source.ADMIN_PASSWORD || undefined,
    sampleData: source.SAMPLE_DATA !== '0',
    samplePassword: source.SAMPLE_PASSWORD || undefined,
    oauthClientId: source.OAUTH_CLIENT_ID || 'miscue-web',
    oauthClientSecret: source.OAUTH_CLIENT_SECRET ?? '',
    tokenTtlSeconds: int('TOKEN_TTL_SECONDS', source.TOKEN_TTL_SECONDS, 60 * 60 * 24 * 7),
    sessionIdleSeconds: int('SESSION_IDLE_SECONDS', source.SESSION_IDLE_SECONDS, 60 * 60 * 24),
    smtpUrl: source.SMTP_URL || undefined,
    mailFrom: source.MAIL_FROM || 'Miscue <no-reply@miscue.local>',
    publicProtocol: protocol,
    publicPort: publicPortFrom(source, protocol, port),
    distDir: resolve(source.DIST_DIR || './dist'),
    trustProxy: source.TRUST_PROXY === 'true' ? 1 : int('TRUST_PROXY', source.TRUST_PROXY === 'false' ? '0' : source.TRUST_PROXY, 0),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', source.SHUTDOWN_TIMEOUT_MS, 10_000),
    accessCacheSeconds: int('ACCESS_CACHE_SECONDS', source.ACCESS_CACHE_SECONDS, 30),
    fileStorage: fileStorageFrom(source),
    bulkSyncRows: int('BULK_SYNC_ROWS', source.BULK_SYNC_ROWS, BULK_LIMITS.syncRows),
  }
}

export type ScryptParams = { N: number; r: number; p: number }

/**
 * Password hashing cost: scrypt N=2^17, r=8, p=1 (OWASP's recommendation). Only the test suite
 * (NODE_ENV=test, set by vitest) may lower N, to 2^14 by default or SCRYPT_LOG_N, because it hashes
 * hundreds of passwords; a production start never reads SCRYPT_LOG_N.
 */
export function passwordHashParams(source: NodeJS.ProcessEnv = process.env): ScryptParams {
  if (source.NODE_ENV !== 'test') return { N: 2 ** 17, r: 8, p: 1 }
  const logN = int('SCRYPT_LOG_N', source.SCRYPT_LOG_N, 14)
  if (logN < 10 || logN > 20) throw new Error(`SCRYPT_LOG_N must be from 10 to 20, got "${logN}"`)
  return { N: 2 ** logN, r: 8, p: 1 }
}
