// A route names its body schema once, in its `describe`; the handler reads the body validated by it (`bodyOf`),
// with the same 400 and bilingual messages as `validate` gives (ADR 0132).
import { readdirSync, readFileSync } from 'node:fs'
import { Hono } from 'hono'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../src/server/context'
import { onError } from '../../src/server/middleware/errors'
import { bodyOf, describe as describeRoute } from '../../src/server/lib/route-doc'
import { validate } from '../../src/server/lib/validate'
import { HttpError } from '../../src/server/lib/http-error'
import type { Lang } from '../../src/server/lib/messages'

const NoteSchema = v.object({ title: v.pipe(v.string(), v.minLength(1)), pages: v.number() })

/** A route in a small app, with the real error answer, in the language of ?lang=. */
function noteApp() {
  return new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('lang', (c.req.query('lang') ?? 'en') as Lang)
      await next()
    })
    .post('/note', describeRoute({ summary: 'Add a note', tag: 'note', body: NoteSchema, prepare: (b) => ({ pages: 1, ...(b as object) }) }), async (c) => {
      const note = await bodyOf(c)
      return c.json({ payload: { title: note.title.toUpperCase(), pages: note.pages } })
    })
    .onError(onError)
}

const post = (body: string, lang = 'en') =>
  noteApp().request(`/note?lang=${lang}`, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } })

/** What `validate` throws for the same input, as the body of its 400. */
function validateAnswer(input: unknown, lang: Lang) {
  try {
    validate(NoteSchema, input, lang)
  } catch (error) {
    const e = error as HttpError
    return { message: { errors: e.errors, fields: e.fields, codes: e.codes } }
  }
  throw new Error('expected a refusal')
}

describe("a route's body is validated by the schema its description names", () => {
  it('hands the handler the validated body, after the prepare hook', async () => {
    const res = await post(JSON.stringify({ title: 'first' }))
    expect(res.status).toBe(200)
    expect((await res.json()).payload).toEqual({ title: 'FIRST', pages: 1 })
  })

  it.each(['en', 'ar'] as const)('refuses a body that does not fit with the 400 validate gives (%s)', async (lang) => {
    const res = await post(JSON.stringify({ title: '', pages: 'many' }), lang)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual(validateAnswer({ pages: 'many', title: '' }, lang))
  })

  it('refuses malformed JSON with a 400, never a 500', async () => {
    const res = await post('{"title": ')
    expect(res.status).toBe(400)
    expect((await res.json()).message.errors).toHaveLength(1)
  })
})

describe('route files name a JSON body schema once', () => {
  const areas = new URL('../../src/server/areas/', import.meta.url)
  const routeFiles = readdirSync(areas, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.routes.ts'))
  for (const file of routeFiles) {
    it(`${file} reads JSON bodies through bodyOf, not a second validate`, () => {
      const source = readFileSync(new URL(file, areas), 'utf8')
      expect(source.match(/validate\(\w+, await jsonBody\(c\)/g) ?? []).toEqual([])
    })
  }
})
