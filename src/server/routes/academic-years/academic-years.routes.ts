import { Hono } from 'hono'
import { asc, desc, eq } from 'drizzle-orm'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { academicYears } from '../../db/schema/tables'

/** The year selector's list; creating and editing years comes with the administration screens. */
export const academicYearRoutes = new Hono<AppEnv>({ strict: false })
  .use('/academic-year', requireAuth, allow('academic-year', 'read'))
  .get('/academic-year', async (c) => {
    const institution = c.get('institution')
    const results = institution
      ? await c.get('deps').db
          .select({ id: academicYears.id, display_name: academicYears.display_name, is_active: academicYears.is_active })
          .from(academicYears)
          .where(eq(academicYears.institution_id, institution.id))
          .orderBy(desc(academicYears.is_active), desc(academicYears.display_name), asc(academicYears.id))
      : []
    return c.json({ payload: { results, count: results.length } })
  })
