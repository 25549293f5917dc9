// Every id in a path must belong to the caller's institution and to the object it nests under, or the
// call answers 404: `/school/1/year/7/student/5` with year 7 of another institution must not act on
// student 5, and `/class/3/year/7/teacher` must not answer an empty list. Checked here, once, from
// the path's shape, so every area (and every new one with `/year/:id` or `/class/:id` segments) is
// covered without repeating the check in its service. Schools are checked by schoolAccess.
import { and, eq } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import { academicYears, classes } from '../db/schema/tables'
import { HttpError } from '../lib/http-error'
import { parseId } from '../lib/validate'

/** The value after `/<name>/` in a path, if any (`/academic-year/3` is not `/year/3`). */
function segmentAfter(path: string, name: string): string | undefined {
  const m = new RegExp(`/${name}/([^/]+)`).exec(path)
  if (!m) return undefined
  try {
    return decodeURIComponent(m[1]!)
  } catch {
    return m[1] // malformed escapes: not an id, refused like any other bad id
  }
}

export const ownedPathIds = createMiddleware<AppEnv>(async (c, next) => {
  const institution = c.get('institution')
  // Without a token the route answers 401 first; on the platform host these paths do not exist.
  if (!institution || !c.req.header('authorization')) return next()
  const lang = c.get('lang')
  const { db } = c.get('deps')
  const path = c.req.path
  const id = (raw: string) => {
    const n = parseId(raw)
    if (n === null) throw HttpError.of(400, 'invalidId', lang)
    return n
  }
  const year = segmentAfter(path, 'year')
  if (year !== undefined) {
    const [row] = await db.select({ id: academicYears.id }).from(academicYears)
      .where(and(eq(academicYears.id, id(year)), eq(academicYears.institution_id, institution.id)))
    if (!row) throw HttpError.of(404, 'notFound', lang)
  }
  const cls = segmentAfter(path, 'class')
  if (cls !== undefined && /^\d/.test(cls)) {
    const [row] = await db.select({ school: classes.school_id }).from(classes)
      .where(and(eq(classes.id, id(cls)), eq(classes.institution_id, institution.id)))
    if (!row) throw HttpError.of(404, 'notFound', lang)
    const school = segmentAfter(path, 'school')
    if (school !== undefined && /^\d/.test(school) && row.school !== id(school)) throw HttpError.of(404, 'notFound', lang)
  }
  await next()
})
