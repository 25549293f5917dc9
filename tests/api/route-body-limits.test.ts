// An upload route names its body limit in its description; the app's body limits are read from the routes.
import { describe, expect, it } from 'vitest'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { describe as describeRoute, routePattern } from '../../src/server/lib/route-doc'
import { bodyLimits, uploadLimits } from '../../src/server/middleware/body-limits'

describe('body limits read from the routes', () => {
  it('matches a route path as the router does: a constrained parameter by its pattern, a plain one by one segment', () => {
    const upload = routePattern('/api', '/school/:schoolId{[0-9]+}/year/:yearId/upload-student')
    expect(upload.test('/api/school/12/year/3/upload-student')).toBe(true)
    expect(upload.test('/api/school/12/year/3/upload-student/')).toBe(true)
    expect(upload.test('/api/school/x/year/3/upload-student')).toBe(false)
    expect(upload.test('/api/school/12/year/3/4/upload-student')).toBe(false)
    expect(routePattern('/api', '/openapi.json').test('/api/openapiXjson')).toBe(false)
  })

  it('gives the limit an upload route names to that route only, and the small limit to every other call', async () => {
    const big = bodyLimit({ maxSize: 3 * 1024 * 1024, onError: (c) => c.text('big limit', 413) })
    const app = new Hono({ strict: false })
    const limits = bodyLimits(() => uploadLimits('', app.routes))
    app.use('*', limits.limit)
    app.post('/school/:schoolId{[0-9]+}/upload', describeRoute({ summary: 'Upload', tag: 't', bodyLimit: big }), (c) => c.text('ok'))
    app.post('/school/:schoolId{[0-9]+}/note', describeRoute({ summary: 'Note', tag: 't' }), (c) => c.text('ok'))
    app.onError((_e, c) => c.text('small limit', 413))
    const twoMegabytes = 'x'.repeat(2 * 1024 * 1024)
    const post = (path: string) => app.request(path, { method: 'POST', body: twoMegabytes, headers: { 'content-type': 'text/plain' } })
    expect((await post('/school/4/upload')).status).toBe(200)
    expect((await post('/school/4/note')).status).toBe(413)
    expect(limits.isUpload('POST', '/school/4/upload')).toBe(true)
    expect(limits.isUpload('PUT', '/school/4/upload')).toBe(false)
  })
})
