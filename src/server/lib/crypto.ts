import { createHash, randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import { passwordHashParams, type ScryptParams } from '../env'
import { Gate } from './limits'

const scryptAsync = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>

/**
 * Password hashing running at once in this process (ADR 0113). One hash at the current cost takes about
 * 128 MB and a core for a third of a second: a flood of sign-ins (random names, so no per-account lock
 * applies) would otherwise run them all at once. Two run, 32 wait in order, more are refused (GateFull,
 * answered 429 with Retry-After): a sign-in waits at most a few seconds and memory stays bounded.
 */
export const HASHING = new Gate(2, 32)

const scrypt = (pw: string, salt: Buffer, len: number, opts: object) => HASHING.run(() => scryptAsync(pw, salt, len, opts))

/** The cost new hashes get (ADR 0066); older hashes are rehashed at the next sign-in. */
export const PASSWORD_PARAMS: ScryptParams = passwordHashParams()

/** scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is below N=2^17. Stored hashes are capped at N=2^20. */
const maxmem = (params: ScryptParams) => 128 * params.N * params.r * 2 + 1024 * 1024

/** scrypt with a random salt, stored as `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string, params: ScryptParams = PASSWORD_PARAMS): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scrypt(password, salt, 32, { ...params, maxmem: maxmem(params) })
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), hash.toString('base64url')].join('$')
}

/** True when a stored hash was made with other parameters than the current ones (so it should be redone). */
export function needsRehash(stored: string): boolean {
  const [alg, n, r, p] = stored.split('$')
  return alg !== 'scrypt' || Number(n) !== PASSWORD_PARAMS.N || Number(r) !== PASSWORD_PARAMS.r || Number(p) !== PASSWORD_PARAMS.p
}

const DUMMY = `scrypt$${PASSWORD_PARAMS.N}$${PASSWORD_PARAMS.r}$${PASSWORD_PARAMS.p}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`

/** Constant-time check; with no stored hash it still does the work so timing does not reveal accounts. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [alg, n, r, p, saltB64, hashB64] = (stored ?? DUMMY).split('$')
  if (alg !== 'scrypt' || !saltB64 || !hashB64) return false
  const params = { N: Number(n), r: Number(r), p: Number(p) }
  // A tampered or corrupt hash must not make the server allocate without bound.
  if (!(params.N >= 2 && params.N <= 2 ** 20 && params.r >= 1 && params.r <= 32 && params.p >= 1 && params.p <= 16)) return false
  const expected = Buffer.from(hashB64, 'base64url')
  if (expected.length < 16) return false
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64url'), expected.length, { ...params, maxmem: maxmem(params) })
  return stored !== null && timingSafeEqual(actual, expected)
}

/** A random opaque secret (tokens, reset keys), URL-safe. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

export { randomInt }
