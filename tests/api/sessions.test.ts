// Sessions: absolute and idle expiry, revocation on logout and deactivation, per-account-and-address
// throttling with a capped, progressive lock, OWASP-cost password hashing with rehash on sign-in, and
// the common-password refusal shared by the forms and the API.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'
import { authTokens, loginFailures, users } from '../../src/server/db/schema/tables'
import { PASSWORD_PARAMS, hashPassword, needsRehash, sha256, verifyPassword } from '../../src/server/lib/crypto'
import { passwordHashParams } from '../../src/server/env'
import { LOGIN_LOCK_MAX_MINUTES, login, lockMinutes } from '../../src/server/areas/auth/auth.service'
import { api } from '../../src/shared/api'
import { CODES } from '../../src/shared/schemas/codes'
import { OTHER_PASSWORD, insertUser, sampleInstitutionId } from '../factories/tenants'

let h: Harness
let sampleId: number

beforeAll(async () => {
  h = await createHarness()
  sampleId = await sampleInstitutionId(h)
})
afterAll(async () => {
  await h?.close()
})

const profile = (token: string) => h.request('GET', api.myProfile, { token })
const tokenRow = (token: string) => eq(authTokens.token_hash, sha256(token))

describe('session expiry', () => {
  it('ends a session at its absolute expiry', async () => {
    const token = await h.login('viewer@sample.test')
    expect((await profile(token)).status).toBe(200)
    await h.db.update(authTokens).set({ expires_at: new Date(Date.now() - 1000) }).where(tokenRow(token))
    const res = await profile(token)
    expect(res.status).toBe(401)
    expect(res.body.error).toBe('invalid_token')
  })

  it('ends a session left unused for SESSION_IDLE_SECONDS, and keeps one in use alive', async () => {
    const idle = h.env.sessionIdleSeconds
    expect(idle).toBe(24 * 3600)
    const used = await h.login('teacher@sample.test')
    const unused = await h.login('teacher@sample.test')
    // Used 2 minutes ago and then again now: the use moves its idle clock forward.
    await h.db.update(authTokens).set({ last_used_at: new Date(Date.now() - (idle - 60) * 1000) }).where(tokenRow(used))
    expect((await profile(used)).status).toBe(200)
    const [row] = await h.db.select({ at: authTokens.last_used_at }).from(authTokens).where(tokenRow(used))
    expect(Date.now() - row!.at.getTime()).toBeLessThan(60_000)
    await h.db.update(authTokens).set({ last_used_at: new Date(Date.now() - (idle + 1) * 1000) }).where(tokenRow(unused))
    expect((await profile(unused)).status).toBe(401)
  })

  it('revokes the token on logout, and every token of a deactivated user', async () => {
    const token = await h.login('school.admin@sample.test')
    expect((await h.request('POST', api.logout, { token })).status).toBe(200)
    expect((await profile(token)).status).toBe(401)

    const email = 'deactivated@sample.test'
    await insertUser(h, { institutionId: sampleId, email, role: 'viewer' })
    const theirs = await h.login(email, OTHER_PASSWORD)
    await h.db.update(users).set({ is_active: false }).where(eq(users.email, email))
    expect((await profile(theirs)).status).toBe(401)
  })
})

describe('session renewal', () => {
  const renew = (token: string) => h.request('POST', api.renewSession, { token })
  const expiry = async (token: string) => (await h.db.select({ at: authTokens.expires_at }).from(authTokens).where(tokenRow(token)))[0]!.at.getTime()

  it('moves the expiry to TOKEN_TTL_SECONDS from now, so a session in use does not end a week after sign-in', async () => {
    const token = await h.login('teacher@sample.test')
    // Signed in six days ago: one day left.
    await h.db.update(authTokens).set({ expires_at: new Date(Date.now() + 24 * 3600_000) }).where(tokenRow(token))
    expect((await profile(token)).status).toBe(200)
    const res = await renew(token)
    expect(res.status).toBe(200)
    expect(res.body.payload).toEqual({ expires_in: h.env.tokenTtlSeconds })
    expect(Math.abs(await expiry(token) - (Date.now() + h.env.tokenTtlSeconds * 1000))).toBeLessThan(60_000)
    // The day that was left has passed: the renewed session still works.
    await h.db.update(authTokens).set({ created_at: new Date(Date.now() - 8 * 24 * 3600_000) }).where(tokenRow(token))
    expect((await profile(token)).status).toBe(200)
  })

  it('renews nothing that has already ended: expired, revoked or idle sessions answer 401', async () => {
    const expired = await h.login('viewer@sample.test')
    await h.db.update(authTokens).set({ expires_at: new Date(Date.now() - 1000) }).where(tokenRow(expired))
    expect((await renew(expired)).status).toBe(401)
    expect(await expiry(expired)).toBeLessThan(Date.now())

    const revoked = await h.login('viewer@sample.test')
    await h.request('POST', api.logout, { token: revoked })
    expect((await renew(revoked)).status).toBe(401)

    const idle = await h.login('viewer@sample.test')
    await h.db.update(authTokens).set({ last_used_at: new Date(Date.now() - (h.env.sessionIdleSeconds + 1) * 1000) }).where(tokenRow(idle))
    const res = await h.request('POST', api.renewSession, { token: idle, lang: 'ar' })
    expect(res.status).toBe(401)
    expect(res.body.error).toBe('invalid_token')
  })

  it('renews only the token it is called with', async () => {
    const mine = await h.login('teacher@sample.test')
    const other = await h.login('teacher@sample.test')
    const before = await expiry(other)
    await h.db.update(authTokens).set({ expires_at: new Date(Date.now() + 3600_000) }).where(tokenRow(mine))
    expect((await renew(mine)).status).toBe(200)
    expect(await expiry(other)).toBe(before)
    expect(await expiry(mine)).toBeGreaterThan(Date.now() + 3600_000)
  })
})

describe('sign-in throttling', () => {
  const form = (username: string, password: string) => ({ username, password, client_id: 'miscue-web', grant_type: 'password' })

  it('locks for 1, 2, 4, 8 and at most 15 minutes as failures go on', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 12, 50].map(lockMinutes)).toEqual([0, 0, 1, 2, 4, 8, 15, 15, 15])
    expect(LOGIN_LOCK_MAX_MINUTES).toBe(15)
  })

  it('locks one account from one address only, and only until the lock runs out', async () => {
    const email = 'throttled@sample.test'
    const password = 'Throttle$9pass'
    await insertUser(h, { institutionId: sampleId, email, role: 'viewer', password })
    for (let i = 0; i < 5; i++) expect((await h.request('POST', api.login, { form: form(email, 'Wrong$1word') })).status).toBe(400)
    const locked = await h.request('POST', api.login, { form: form(email, password), lang: 'ar' })
    expect(locked.status).toBe(429)
    expect(locked.body.error_description).toMatch(/دقيقة/)

    // The real user on another network is not locked out by the attacker's failures.
    const institution = { id: sampleId, organization_name: 'Sample', subdomain_name: 'sample' }
    const elsewhere = await login({ db: h.db, env: h.env, mailer: undefined as never, jobs: h.jobs() }, { username: email, password, address: '203.0.113.9', institution, lang: 'en' })
    expect(elsewhere.access_token).toEqual(expect.any(String))

    // Once the minute is over, the right password works again from the same address.
    await h.db.update(loginFailures).set({ at: sql`now() - interval '2 minutes'` }).where(sql`${loginFailures.key} like ${`${email}|%`}`)
    expect((await h.request('POST', api.login, { form: form(email, password) })).status).toBe(200)
  })
})

describe('password hashing', () => {
  it('uses scrypt N=2^17, r=8, p=1 outside tests; tests use a cheaper N set through env.ts only', async () => {
    expect(passwordHashParams({ NODE_ENV: 'production', SCRYPT_LOG_N: '10' })).toEqual({ N: 2 ** 17, r: 8, p: 1 })
    expect(passwordHashParams({})).toEqual({ N: 2 ** 17, r: 8, p: 1 })
    expect(passwordHashParams({ NODE_ENV: 'test' })).toEqual({ N: 2 ** 14, r: 8, p: 1 })
    const strong = await hashPassword('Strong$1pass', { N: 2 ** 17, r: 8, p: 1 })
    expect(strong).toMatch(/^scrypt\$131072\$8\$1\$/)
    expect(await verifyPassword('Strong$1pass', strong)).toBe(true)
    expect(await verifyPassword('Strong$1pasS', strong)).toBe(false)
  })

  it('rehashes a password stored with other parameters at the next sign-in', async () => {
    const email = 'old.hash@sample.test'
    await insertUser(h, { institutionId: sampleId, email, role: 'viewer' })
    await h.db.update(users).set({ password_hash: await hashPassword(OTHER_PASSWORD, { N: 2 ** 10, r: 8, p: 1 }) }).where(eq(users.email, email))
    await h.login(email, OTHER_PASSWORD, SAMPLE_HOST)
    const [row] = await h.db.select({ hash: users.password_hash }).from(users).where(eq(users.email, email))
    expect(row!.hash).toMatch(new RegExp(`^scrypt\\$${PASSWORD_PARAMS.N}\\$8\\$1\\$`))
    expect(needsRehash(row!.hash!)).toBe(false)
    expect(await verifyPassword(OTHER_PASSWORD, row!.hash)).toBe(true)
  })

  it('refuses a tampered hash that asks for unbounded memory instead of failing the request', async () => {
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe(false)
  })
})

describe('common passwords', () => {
  it('refuses a common password built to pass the composition rule, in English and Arabic', async () => {
    const token = await h.login('viewer@sample.test')
    for (const [pw, lang] of [['Password1!', 'en'], ['P@ssw0rd1', 'ar'], ['Dragon2024!', 'en']] as const) {
      const res = await h.request('POST', api.changePassword, { token, lang, json: { old_password: 'Sample$1pass', new_password: pw, confirm_new_password: pw } })
      expect(res.status, pw).toBe(400)
      expect(res.body.message.codes.new_password).toBe(CODES.commonPassword)
      expect(res.body.message.fields.new_password[0]).toMatch(lang === 'ar' ? /شيوعًا/ : /most commonly used/)
    }
  })
})
