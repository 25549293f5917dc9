// A GET sends back the ETag of the answer it kept; on 304 the screen gets that answer without the list
// being downloaded again (ADR 0102). Kept per user: another user's answer is never sent as a tag.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiRequest } from './api-client'
import { forgetKeptAnswers } from './revalidation'
import { clearSession, saveAuth } from '../session/session'

const LIST = { results: [{ id: 1, display_name: 'Grade 1' }], count: 1 }

afterEach(() => {
  vi.unstubAllGlobals()
  forgetKeptAnswers()
  clearSession()
})

function server() {
  const seen: (string | null)[] = []
  const fetchMock = vi.fn(async (_url: URL, init: RequestInit) => {
    const tag = new Headers(init.headers).get('If-None-Match')
    seen.push(tag)
    if (tag === 'W/"v1"') return new Response(null, { status: 304, headers: { ETag: 'W/"v1"' } })
    return new Response(JSON.stringify({ payload: LIST }), { status: 200, headers: { 'Content-Type': 'application/json', ETag: 'W/"v1"' } })
  })
  vi.stubGlobal('fetch', fetchMock)
  return seen
}

describe('revalidated GET answers', () => {
  it('sends the kept tag back and shows the kept answer when the server says it has not changed', async () => {
    saveAuth('token-a', 3600, 1)
    const seen = server()
    expect(await apiRequest({ path: '/api/school/1/grade/' })).toEqual(LIST)
    expect(await apiRequest({ path: '/api/school/1/grade/' })).toEqual(LIST)
    expect(seen).toEqual([null, 'W/"v1"'])
  })

  it('keeps answers per user: someone else signing in starts without tags', async () => {
    saveAuth('token-a', 3600, 1)
    const seen = server()
    await apiRequest({ path: '/api/school/1/grade/' })
    saveAuth('token-b', 3600, 2)
    await apiRequest({ path: '/api/school/1/grade/' })
    expect(seen).toEqual([null, null])
  })
})
