// A service's scope inside a transaction (ADR 0130): the schools the user reaches, asked for the first time inside
// it, are read through the transaction. On the embedded PGlite (one connection) a read through the outer database
// would wait for the transaction forever; on PostgreSQL it would read outside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createHarness, type Harness } from '../setup/api-harness'
import { institutions, users, userSchools } from '../../src/server/db/schema/tables'
import { SAMPLE_SUBDOMAIN } from '../../src/server/db/seed/seed'
import { buildScope } from '../../src/server/domain/scope'
import { inTransaction } from '../../src/server/lib/transaction'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(async () => {
  await h?.close()
})

async function teacherScope() {
  const [institution] = await h.db.select().from(institutions).where(eq(institutions.subdomain_name, SAMPLE_SUBDOMAIN))
  const [user] = await h.db.select().from(users).where(eq(users.email, 'teacher@sample.test'))
  const mapped = await h.db.select({ id: userSchools.school_id }).from(userSchools).where(eq(userSchools.user_id, user!.id))
  return { scope: buildScope({ db: h.db, lang: 'en', institution: institution!, user: { ...user!, role: 'teacher' } }), mapped: mapped.map((r) => r.id) }
}

describe('the schools a scope reaches', () => {
  it('are read through the transaction when first asked inside one, and remembered after it', async () => {
    const { scope, mapped } = await teacherScope()
    expect(mapped.length).toBeGreaterThan(0)
    const inside = await inTransaction(scope, (s) => s.schools())
    expect(inside).toEqual(mapped)
    expect(await scope.schools()).toEqual(mapped)
  }, 5000)

  it('see what the transaction wrote before they were asked', async () => {
    const { scope, mapped } = await teacherScope()
    const [user] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, 'teacher@sample.test'))
    const rolledBack = new Error('roll back')
    const seen = await inTransaction(scope, async (s) => {
      await s.db.delete(userSchools).where(eq(userSchools.user_id, user!.id))
      const schools = await s.schools()
      throw Object.assign(rolledBack, { schools })
    }).catch((err: Error & { schools?: unknown }) => err.schools)
    expect(seen).toEqual([])
    expect((await h.db.select({ id: userSchools.school_id }).from(userSchools).where(eq(userSchools.user_id, user!.id))).map((r) => r.id)).toEqual(mapped)
  }, 5000)
})
