// Lists whose statement is built once per shape and kept (ADR 0107): the kept text carries placeholders,
// so each call's tenant, school, filters and page are its own, and a transaction never borrows the
// statement kept for the pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grades } from '../../src/server/db/schema/tables'
import type { Db } from '../../src/server/db/client'
import { inSchool, runList, type ListParams } from '../../src/server/lib/list-query'
import { gradeService } from '../../src/server/areas/grades/grades.service'
import { api } from '../../src/shared/api'
import { createHarness, type Harness } from '../setup/api-harness'
import { insertInstitution, insertSchool, sampleInstitutionId } from '../factories/tenants'

let h: Harness
let token: string
let institutionId: number
let north: number
let south: number

const spec = gradeService.listSpec
const params = (o: Partial<ListParams> = {}): ListParams => ({ page: 1, ordering: '-identifier', filters: { display_name: 'kept' }, ...o })
const identifiers = (page: { results: Record<string, unknown>[] }) => page.results.map((r) => r.identifier)
const listIn = (db: Db, school: number, p = params()) => runList(db, grades, inSchool(grades, institutionId, school), spec, p, (r) => r)

beforeAll(async () => {
  h = await createHarness()
  institutionId = await sampleInstitutionId(h)
  token = await h.login('institution.admin@sample.test')
  north = await insertSchool(h, institutionId, 'KEPTN')
  south = await insertSchool(h, institutionId, 'KEPTS')
  const rows = (school: number, prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ institution_id: institutionId, school_id: school, identifier: `${prefix}${i + 1}`, display_name: `Kept ${prefix} ${i + 1}` }))
  await h.db.insert(grades).values([...rows(north, 'N', 3), ...rows(south, 'S', 17), { institution_id: institutionId, school_id: south, identifier: 'S-OTHER', display_name: 'Other' }])
})
afterAll(async () => {
  await h?.close()
})

describe('a kept list statement', () => {
  it('answers each school with its own rows, count and page, called in turn through the API', async () => {
    const list = (school: number, query: string) => h.request('GET', `${api.grades(school)}?display_name=kept&ordering=-identifier${query}`, { token })
    for (let turn = 0; turn < 2; turn++) {
      const n = await list(north, '')
      expect(n.status).toBe(200)
      expect(n.body.payload).toMatchObject({ count: 3 })
      expect(identifiers(n.body.payload)).toEqual(['N3', 'N2', 'N1'])
      const s2 = await list(south, '&page=2')
      expect(s2.body.payload.count).toBe(17)
      expect(identifiers(s2.body.payload)).toEqual(['S10', 'S1']) // text order: S9 … S2, S17 … S10, S1
      expect((await list(south, '&page=3')).body.payload).toEqual({ results: [], count: 17 })
    }
  })

  it("never answers another institution's school, though the shape is the same", async () => {
    const other = await insertInstitution(h, 'keptother')
    await h.db.insert(grades).values({ institution_id: other.institutionId, school_id: other.schoolId, identifier: 'X1', display_name: 'Kept elsewhere' })
    expect(identifiers(await listIn(h.db, north))).toEqual(['N3', 'N2', 'N1'])
    // The other institution's school asked for under this institution: nothing, not its rows.
    expect(await listIn(h.db, other.schoolId)).toEqual({ results: [], count: 0 })
  })

  it('builds one statement per set of filters: the same shape with another filter or none answers its own rows', async () => {
    expect((await listIn(h.db, south, params({ filters: { identifier: 'other' } }))).count).toBe(1)
    expect((await listIn(h.db, south, params({ filters: {} }))).count).toBe(18)
    expect((await listIn(h.db, south, params({ filters: { identifier: 's1', display_name: 'kept' } }))).count).toBe(9) // S1, S10 … S17
  })

  it('runs inside a transaction on the transaction: it sees the transaction\'s own rows, and the pool does not after a rollback', async () => {
    await listIn(h.db, north) // the pool's statement for this shape is kept
    const rolledBack = new Error('roll back')
    await expect(h.db.transaction(async (tx) => {
      await tx.insert(grades).values({ institution_id: institutionId, school_id: north, identifier: 'N9', display_name: 'Kept in a transaction' })
      expect(identifiers(await listIn(tx as unknown as Db, north))).toEqual(['N9', 'N3', 'N2', 'N1'])
      throw rolledBack
    })).rejects.toBe(rolledBack)
    expect(identifiers(await listIn(h.db, north))).toEqual(['N3', 'N2', 'N1'])
  })
})
