// A route file reads the request and answers it; the queries and the rules they carry live in the area's
// services or src/server/domain, where a name says what they decide (issue 28).
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// Drizzle, the tables, a raw `sql` template, a query on a database handle or a chained query's next line (a table
// as its one argument); a Hono `.delete(path, ...handlers)` registration or a call such as `service.update(` is no
// query.
const QUERY = /from 'drizzle-orm|\/db\/schema|\bsql`|\b(db|tx)\s*\.\s*(select|insert|update|delete|execute|query|transaction)\b|^\s*\.(select\(|(insert|update|delete)\(\w+\))/

const areas = new URL('./', import.meta.url)
const routeFiles = readdirSync(areas, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.routes.ts'))
  .sort()

const queryLines = (source: string) => source.split('\n').filter((line) => QUERY.test(line))

describe('route files without SQL', () => {
  it('the rule tells a query from a route registration or a service call', () => {
    expect(queryLines([
      "import { eq } from 'drizzle-orm'",
      "import { students } from '../../db/schema/tables'",
      'const rows = await c.get(\'deps\').db.select().from(students)',
      'await s.db.delete(students).where(eq(students.id, id))',
      'await db.execute(sql`select 1`)',
      '    .delete(students)',
    ].join('\n'))).toHaveLength(6)
    expect(queryLines([
      ".delete('/school/:id{[0-9]+}', allow('school', 'write'), async (c) => {",
      '  .delete(`${base}/:id`, allow(resource, \'write\'), async (c) => {',
      'return c.json({ payload: await schoolService.update(s, idParam(c, \'id\'), input) })',
      "  .delete(one, allow('user', 'write'), async (c) => {",
      'await service.remove(s, idParam(c, \'id\'))',
    ].join('\n'))).toEqual([])
  })

  it('finds every route file of the areas', () => {
    expect(routeFiles).toContain('sittings/sittings.routes.ts')
    expect(routeFiles.length).toBeGreaterThan(20)
  })

  for (const file of routeFiles) {
    it(`${file} imports no drizzle or table and runs no query`, () => {
      expect(queryLines(readFileSync(new URL(file, areas), 'utf8'))).toEqual([])
    })
  }
})
