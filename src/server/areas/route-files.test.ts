// A route file reads the request and answers it; the queries and the rules they carry live in the area's
// services or src/server/domain, where a name says what they decide (issue 28).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const QUERY = /from 'drizzle-orm'|\.(select|insert|update|delete|execute)\(|\bsql`/

describe('route files without SQL', () => {
  for (const file of ['sittings/sittings.routes.ts', 'benchmarks/benchmarks.routes.ts']) {
    it(`${file} imports no drizzle and runs no query`, () => {
      const lines = readFileSync(new URL(file, import.meta.url), 'utf8').split('\n')
      expect(lines.filter((l) => QUERY.test(l))).toEqual([])
    })
  }
})
