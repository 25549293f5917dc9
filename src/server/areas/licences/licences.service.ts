// Licences: date ranges with a number of purchased student places. Places used = active students of the
// institution now (docs/adr/0011-licence-status.md). Every query is scoped to the institution of the path
// (platform admins manage any institution's licences from the platform host).
import { and, eq } from 'drizzle-orm'
import { institutions, licences } from '../../db/schema/tables'
import { HttpError } from '../../lib/http-error'
import { inInstitution, type ListParams, type ListSpec, runList } from '../../lib/list-query'
import type { Licence } from '../../../shared/schemas/licence'
import { LICENCE_MESSAGES } from './licences.messages'
import { activeStudentCounts } from '../../domain/licences'
import type { DomainScope } from '../../domain/scope'

export type LicenceValues = { from_date: string; to_date: string; purchase_quantity: number }

function toLicence(r: typeof licences.$inferSelect, used: number): Licence {
  return {
    id: r.id,
    institution_id: r.institution_id,
    from_date: r.from_date,
    to_date: r.to_date,
    purchase_quantity: r.purchase_quantity,
    used_quantity: used,
    updated_at: r.updated_at.toISOString(),
  }
}

export const licenceListSpec: ListSpec = {
  columns: { id: licences.id, from_date: licences.from_date, to_date: licences.to_date, purchase_quantity: licences.purchase_quantity },
  searchable: [],
  defaultOrdering: '-from_date',
}

async function assertInstitution(s: DomainScope, institutionId: number): Promise<void> {
  const [row] = await s.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, institutionId))
  if (!row) throw HttpError.say(404, LICENCE_MESSAGES.institutionNotFound, s.lang)
}

async function usedBy(s: DomainScope, institutionId: number): Promise<number> {
  return (await activeStudentCounts(s.db, [institutionId])).get(institutionId) ?? 0
}

const scoped = (institutionId: number, id?: number) =>
  and(eq(licences.institution_id, institutionId), id === undefined ? undefined : eq(licences.id, id))

export const licenceService = {
  async list(s: DomainScope, institutionId: number, params: ListParams) {
    await assertInstitution(s, institutionId)
    const used = await usedBy(s, institutionId)
    return runList(s.db, licences, inInstitution(licences, institutionId), licenceListSpec, params, (r) => toLicence(r as typeof licences.$inferSelect, used))
  },
  async get(s: DomainScope, institutionId: number, id: number): Promise<Licence> {
    await assertInstitution(s, institutionId)
    const [row] = await s.db.select().from(licences).where(scoped(institutionId, id))
    if (!row) throw HttpError.say(404, LICENCE_MESSAGES.notFound, s.lang)
    return toLicence(row, await usedBy(s, institutionId))
  },
  async create(s: DomainScope, institutionId: number, input: LicenceValues): Promise<Licence> {
    await assertInstitution(s, institutionId)
    const [row] = await s.db.insert(licences).values({ institution_id: institutionId, ...input }).returning()
    return toLicence(row!, await usedBy(s, institutionId))
  },
  async update(s: DomainScope, institutionId: number, id: number, input: LicenceValues): Promise<Licence> {
    await assertInstitution(s, institutionId)
    const [row] = await s.db.update(licences).set({ ...input, updated_at: new Date() }).where(scoped(institutionId, id)).returning()
    if (!row) throw HttpError.say(404, LICENCE_MESSAGES.notFound, s.lang)
    return toLicence(row, await usedBy(s, institutionId))
  },
}
