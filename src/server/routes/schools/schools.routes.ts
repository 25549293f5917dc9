import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { requireAuth } from '../../middleware/auth'
import { mySchools } from './schools.service'

export const schoolRoutes = new Hono<AppEnv>({ strict: false })
  .use('/myschools', requireAuth)
  .get('/myschools', async (c) => {
    const institution = c.get('institution')
    const results = institution ? await mySchools(c.get('deps').db, c.get('user'), institution.id) : []
    return c.json({ payload: { results, count: results.length } })
  })
