// "The limit" of bench/api.ts: the list call answered with the same SQL statement Miscue issues for it
// (built with the same Drizzle query as lib/list-query.ts + the grade catalog), sent straight through the
// driver (pg, a pool of 10 as the server uses) from a bare node:http server: no framework, no token or
// tenant check, no validation. Argument: the database URL; prints "listening <port>".
import { createServer } from 'node:http'
import { and, asc, count, desc, eq, getTableColumns, ilike, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { classes, grades } from '../../src/server/db/schema/tables'
import { containsPattern } from '../../src/server/lib/list-query'

const pool = new pg.Pool({ connectionString: process.argv[2], max: 10 })
const db = drizzle(pool)

function statement(institutionId: number, schoolId: number, search: string, ordering: string, page: number) {
  const where = and(eq(grades.institution_id, institutionId), eq(grades.school_id, schoolId), search ? ilike(grades.display_name, containsPattern(search)) : undefined)
  const column = ordering.replace(/^-/, '') === 'display_name' ? grades.display_name : grades.identifier
  const total = db.select({ n: count() }).from(grades).where(where)
  return db
    .select({ ...getTableColumns(grades), in_use: sql<boolean>`exists (select 1 from ${classes} where ${classes.grade_id} = ${grades.id})`, __total: sql<number>`(${total})` })
    .from(grades)
    .where(where)
    .orderBy(ordering.startsWith('-') ? desc(column) : asc(column), asc(grades.id))
    .limit(15)
    .offset((page - 1) * 15)
    .toSQL()
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://x')
    const m = /^\/api\/school\/(\d+)\/grade\/$/.exec(url.pathname)
    if (!m) {
      res.writeHead(404).end()
      return
    }
    const institutionId = Number(url.searchParams.get('institution') ?? 0)
    const q = statement(institutionId, Number(m[1]), url.searchParams.get('display_name') ?? '', url.searchParams.get('ordering') ?? 'identifier', Number(url.searchParams.get('page') ?? 1))
    const { rows } = await pool.query(q.sql, q.params)
    const results = rows.map((r) => ({ id: r.id, school_id: r.school_id, identifier: r.identifier, display_name: r.display_name, is_deletable: !r.in_use, updated_at: new Date(r.updated_at).toISOString() }))
    const body = JSON.stringify({ payload: { results, count: rows.length ? Number(rows[0].__total) : 0 } })
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(body)
  } catch (e) {
    res.writeHead(500).end(String(e))
  }
})
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as { port: number }).port}`))
process.on('SIGTERM', () => process.exit(0)) // exits normally, so a --cpu-prof profile is written
