import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { PLATFORM_HOST, SAMPLE_PASSWORD, createHarness, type Harness } from '../setup/api-harness'
import { MESSAGES } from '../../src/server/lib/messages'
import { mailText } from '../factories/tenants'
import { eq } from 'drizzle-orm'
import { passwordKeys } from '../../src/server/db/schema/tables'
import { sha256 } from '../../src/server/lib/crypto'

let h: Harness

beforeAll(async () => {
  h = await createHarness()
})
afterAll(async () => {
  await h?.close()
})

const loginStatus = async (username: string, password: string) =>
  (await h.request('POST', '/api/login/', {
    form: { username, password, client_id: 'miscue-web', client_secret: '', grant_type: 'password' },
  })).status

/** Asks for a reset link for `email` and returns the key from the one new mail. */
async function requestResetKey(email: string): Promise<string> {
  const before = h.mails().length
  const res = await h.request('POST', '/api/forgot-password/', { json: { email } })
  expect(res.status).toBe(200)
  const mails = h.mails()
  expect(mails.length).toBe(before + 1)
  const text = mailText(mails.at(-1)!)
  const match = /http:\/\/sample\.localhost:8080\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)
  expect(match, text).not.toBeNull()
  return match![1]!
}

describe('forgot password', () => {
  it('answers 200 the same way for known and unknown emails and mails only the known one', async () => {
    const before = h.mails().length
    const known = await h.request('POST', '/api/forgot-password/', { json: { email: 'viewer@sample.test' } })
    expect(known.status).toBe(200)
    const afterKnown = h.mails()
    expect(afterKnown.length).toBe(before + 1)
    const mail = afterKnown.at(-1)!
    expect(mail).toMatch(/^To: viewer@sample\.test$/m)
    expect(mailText(mail)).toMatch(/\/reset-password\/[A-Za-z0-9_-]{20,}/)

    const unknown = await h.request('POST', '/api/forgot-password/', { json: { email: 'nobody.here@sample.test' } })
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual(known.body)
    expect(h.mails().length).toBe(before + 1)
  })

  it('does not mail users of the sample institution when asked on the platform host', async () => {
    const before = h.mails().length
    const res = await h.request('POST', '/api/forgot-password/', { host: PLATFORM_HOST, json: { email: 'teacher@sample.test' } })
    expect(res.status).toBe(200)
    expect(h.mails().length).toBe(before)
  })

  it('refuses a malformed email with a field error', async () => {
    const res = await h.request('POST', '/api/forgot-password/', { json: { email: 'not-an-email-at-all' } })
    expect(res.status).toBe(400)
    expect(res.body.message.codes.email).toBe('invalid_email')
  })
})

describe('reset password', () => {
  it('sets the password once with the mailed key and ends existing sessions', async () => {
    const oldToken = await h.login('teacher@sample.test')
    const key = await requestResetKey('teacher@sample.test')
    const newPassword = 'Fresh$2pass'

    const reset = await h.request('POST', '/api/reset-password/', { json: { key, new_password: newPassword, confirm_new_password: newPassword } })
    expect(reset.status).toBe(200)
    expect(reset.body.payload.message).toBe(MESSAGES.passwordReset.en)

    const again = await h.request('POST', '/api/reset-password/', { json: { key, new_password: 'Other$3pass', confirm_new_password: 'Other$3pass' } })
    expect(again.status).toBe(400)
    expect(again.body.message.errors).toEqual([MESSAGES.resetKeyInvalid.en])

    expect(await loginStatus('teacher@sample.test', newPassword)).toBe(200)
    expect(await loginStatus('teacher@sample.test', SAMPLE_PASSWORD)).toBe(400)
    expect(await loginStatus('teacher@sample.test', 'Other$3pass')).toBe(400)
    expect((await h.request('GET', '/api/myprofile/', { token: oldToken })).status).toBe(401)
  })

  it('refuses an expired key', async () => {
    const key = await requestResetKey('institution.admin@sample.test')
    await h.db.update(passwordKeys).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(passwordKeys.key_hash, sha256(key)))
    const res = await h.request('POST', '/api/reset-password/', { json: { key, new_password: 'Valid$1pw', confirm_new_password: 'Valid$1pw' } })
    expect(res.status).toBe(400)
    expect(res.body.message.errors).toEqual([MESSAGES.resetKeyInvalid.en])
    expect(await loginStatus('institution.admin@sample.test', SAMPLE_PASSWORD)).toBe(200)
  })

  it('refuses an unknown key', async () => {
    const res = await h.request('POST', '/api/reset-password/', { json: { key: 'made-up-key', new_password: 'Valid$1pw', confirm_new_password: 'Valid$1pw' } })
    expect(res.status).toBe(400)
    expect(res.body.message.errors).toEqual([MESSAGES.resetKeyInvalid.en])
  })

  // Spec §5: at least one lowercase, one uppercase, one digit, one of $ @ ! % * ? &, nothing else; min 4.
  const refused: [string, string, string][] = [
    ['no lowercase letter', 'ABCD12$!', 'password_rule'],
    ['no uppercase letter', 'abcd12$!', 'password_rule'],
    ['no digit', 'Abcdef$!', 'password_rule'],
    ['no special character', 'Abcdef12', 'password_rule'],
    ['a disallowed character (#)', 'Abcd12$#', 'password_rule'],
    ['a disallowed character (space)', 'Abcd 12$', 'password_rule'],
    ['a disallowed character (non-ASCII letter)', 'Abcé12$!', 'password_rule'],
    ['fewer than 4 characters', 'A1$', 'too_short'],
  ]

  it('applies the password rule and accepts a valid password with the same key afterwards', async () => {
    const key = await requestResetKey('viewer@sample.test')
    for (const [why, password, code] of refused) {
      const res = await h.request('POST', '/api/reset-password/', { json: { key, new_password: password, confirm_new_password: password } })
      expect(res.status, why).toBe(400)
      expect(res.body.message.codes.new_password, why).toBe(code)
      expect(res.body.message.fields.new_password, why).toHaveLength(1)
      expect(res.body.message.errors.length, why).toBeGreaterThan(0)
    }
    const mismatch = await h.request('POST', '/api/reset-password/', { json: { key, new_password: 'Valid$1pw', confirm_new_password: 'Valid$1px' } })
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.message.codes).toEqual({ confirm_new_password: 'notEquivalent' })
    expect(mismatch.body.message.fields.confirm_new_password).toEqual([expect.any(String)])

    const arabic = await h.request('POST', '/api/reset-password/', { lang: 'ar', json: { key, new_password: 'abc', confirm_new_password: 'abc' } })
    expect(arabic.status).toBe(400)
    expect(arabic.body.message.fields.new_password[0]).toMatch(/[\u0600-\u06FF]/)

    // Shortest valid password: exactly 4 characters, one of each kind.
    const ok = await h.request('POST', '/api/reset-password/', { json: { key, new_password: 'aB3$', confirm_new_password: 'aB3$' } })
    expect(ok.status).toBe(200)
    expect(await loginStatus('viewer@sample.test', 'aB3$')).toBe(200)
  })

  it('refuses a malformed JSON body with 400', async () => {
    const res = await h.request('POST', '/api/reset-password/', { json: '{"key": "abc", ' })
    expect(res.status).toBe(400)
    expect(res.body.message.errors).toEqual([MESSAGES.invalidJson.en])
  })
})

describe('change password', () => {
  it('needs a token', async () => {
    const res = await h.request('POST', '/api/change-password/', { json: { old_password: SAMPLE_PASSWORD, new_password: 'New$1pass', confirm_new_password: 'New$1pass' } })
    expect(res.status).toBe(401)
  })

  it('refuses a wrong old password on old_password', async () => {
    const token = await h.login('school.admin@sample.test')
    const res = await h.request('POST', '/api/change-password/', { token, json: { old_password: 'Wrong$1pass', new_password: 'New$1pass', confirm_new_password: 'New$1pass' } })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.message.fields)).toEqual(['old_password'])
    expect(res.body.message.fields.old_password).toEqual([MESSAGES.oldPasswordWrong.en])
    expect(await loginStatus('school.admin@sample.test', SAMPLE_PASSWORD)).toBe(200)
  })

  it('applies the password rule and the confirmation check', async () => {
    const token = await h.login('school.admin@sample.test')
    const weak = await h.request('POST', '/api/change-password/', { token, json: { old_password: SAMPLE_PASSWORD, new_password: 'password1', confirm_new_password: 'password1' } })
    expect(weak.status).toBe(400)
    expect(weak.body.message.codes.new_password).toBe('password_rule')
    const mismatch = await h.request('POST', '/api/change-password/', { token, json: { old_password: SAMPLE_PASSWORD, new_password: 'New$1pass', confirm_new_password: 'New$2pass' } })
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.message.codes.confirm_new_password).toBe('notEquivalent')
    const same = await h.request('POST', '/api/change-password/', { token, json: { old_password: SAMPLE_PASSWORD, new_password: SAMPLE_PASSWORD, confirm_new_password: SAMPLE_PASSWORD } })
    expect(same.status).toBe(400)
    expect(same.body.message.fields.new_password).toEqual([MESSAGES.samePassword.en])
    expect(await loginStatus('school.admin@sample.test', SAMPLE_PASSWORD)).toBe(200)
  })

  it('changes the password, keeps the current token and revokes the others', async () => {
    const current = await h.login('school.admin@sample.test')
    const otherDevice = await h.login('school.admin@sample.test')
    const newPassword = 'Changed$9pass'
    const res = await h.request('POST', '/api/change-password/', {
      token: current,
      json: { old_password: SAMPLE_PASSWORD, new_password: newPassword, confirm_new_password: newPassword },
    })
    expect(res.status).toBe(200)
    expect(res.body.payload.message).toBe(MESSAGES.passwordChanged.en)
    expect((await h.request('GET', '/api/myprofile/', { token: current })).status).toBe(200)
    expect((await h.request('GET', '/api/myprofile/', { token: otherDevice })).status).toBe(401)
    expect(await loginStatus('school.admin@sample.test', SAMPLE_PASSWORD)).toBe(400)
    expect(await loginStatus('school.admin@sample.test', newPassword)).toBe(200)
  })
})
