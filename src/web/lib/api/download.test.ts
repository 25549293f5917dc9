import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-error'
import { DEFAULT_DOWNLOAD_NAME, fetchFile, filenameFromContentDisposition } from './download'

describe('filenameFromContentDisposition', () => {
  it('prefers the RFC 5987 name, which may be Arabic', () => {
    const header = `attachment; filename="schools.xlsx"; filename*=UTF-8''${encodeURIComponent('المدارس.xlsx')}`
    expect(filenameFromContentDisposition(header)).toBe('المدارس.xlsx')
  })

  it('reads quoted and bare plain names', () => {
    expect(filenameFromContentDisposition('attachment; filename="a b.xlsx"')).toBe('a b.xlsx')
    expect(filenameFromContentDisposition('attachment; filename=years.xlsx')).toBe('years.xlsx')
  })

  it('drops path separators and gives null when nothing usable is there', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/x.xlsx"')).toBe('.._.._etc_x.xlsx')
    expect(filenameFromContentDisposition('attachment')).toBeNull()
    expect(filenameFromContentDisposition(null)).toBeNull()
  })

  it('falls back to the plain name when the extended one is malformed', () => {
    expect(filenameFromContentDisposition(`attachment; filename="ok.xlsx"; filename*=UTF-8''%E0%A4%A`)).toBe('ok.xlsx')
  })
})

describe('fetchFile', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('sends the token and names the file from the header, default untitled', async () => {
    document.cookie = `auth_info=${encodeURIComponent(JSON.stringify({ access_token: 'tok', token_type: 'Bearer', expires_at: Date.now() + 60_000 }))}; path=/`
    const fetchMock = vi.fn(async () => new Response('data', { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    const file = await fetchFile({ path: '/api/school/download/' })
    expect(file.filename).toBe(DEFAULT_DOWNLOAD_NAME)
    const [, init] = fetchMock.mock.calls[0] as unknown as [URL, RequestInit]
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok')
  })

  it('turns an error answer into ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: { errors: ['Nope'] } }), { status: 400 })))
    await expect(fetchFile({ path: '/api/school/download/' })).rejects.toBeInstanceOf(ApiError)
  })
})
