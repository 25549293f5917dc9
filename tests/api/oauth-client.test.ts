// The web app is a public OAuth client: it asks the server for the client id (GET /api/oauth-client/) and sends
// no secret, so a deployment that changes OAUTH_CLIENT_ID (as the README allows) keeps signing in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAMPLE_PASSWORD, createHarness, type Harness } from '../setup/api-harness'
import { SAMPLE_USERS } from '../../src/server/db/seed/seed'

let h: Harness
beforeAll(async () => {
  h = await createHarness({ env: { OAUTH_CLIENT_ID: 'school-group-web' } })
})
afterAll(async () => {
  await h?.close()
})

const signIn = (clientId: string) => h.request('POST', '/api/login/', {
  form: { username: SAMPLE_USERS[0]!.email, password: SAMPLE_PASSWORD, client_id: clientId, client_secret: '', grant_type: 'password' },
})

describe('the public client id', () => {
  it('is served without signing in, as configured', async () => {
    const res = await h.request('GET', '/api/oauth-client/')
    expect(res.status).toBe(200)
    expect(res.body.payload).toEqual({ client_id: 'school-group-web' })
  })

  it('signs in with the served id and no secret; the default id no longer works', async () => {
    const served = (await h.request('GET', '/api/oauth-client/')).body.payload.client_id as string
    expect((await signIn(served)).status).toBe(200)
    const old = await signIn('miscue-web')
    expect(old.status).toBe(401)
  })
})
