// Licences: date ranges with a number of purchased student places. Places used = active students of the
// institution now (docs/adr/0011-licence-status.md). Every query is scoped to the institution id.
import { and, count, eq, gte, inArray, lte, sum } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { institutions, licences, students } from '../../db/schema/tables'
import { HttpError } from '../../lib/http-error'
import type { Lang } from '../../lib/messages'
import { type ListParams, type ListSpec, runList } from '../../lib/list-query'
import type { LicenceStatus } from '../../../shared/schemas/institution'
import type { Licence } from '../../../shared/schemas/licence'
import { LICENCE_MESSAGES } from './licences.messages'

export type LicenceScope = { db: Db; lang: Lang; institutionId: number }
export type LicenceValues = { from_date: string; to_date: string; purchase_quantity: number }

/** Today as yyyy-mm-dd (UTC), the day licences are compared with. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10)
}

/** Active students per institution. */
export async function activeStudentCounts(db: Db, institutionIds: number[]): Promise<Map<number, number>> {
  if (institutionIds.length === 0) return new Map()
  const rows = await db
    .select({ id: students.institution_id, n: count() })
    .from(students)
    .where(and(inArray(students.institution_id, institutionIds), eq(students.is_active, true)))
    .groupBy(students.institution_id)
  return new Map(rows.map((r) => [r.id, Number(r.n)]))
}

/**
 * ACTIVE: licences cover today and places are left; EXHAUSTED: they cover today but every place is used;
 * UPCOMING: none covers today but one starts later; EXPIRED: all have ended; NONE: no licence at all.
 * Licences covering the same day add up (a top-up purchase).
 */
export async function licenceStatuses(db: Db, institutionIds: number[], day = today()): Promise<Map<number, LicenceStatus>> {
  const result = new Map<number, LicenceStatus>(institutionIds.map((id) => [id, 'NONE']))
  if (institutionIds.length === 0) return result
  const [rows, used] = await Promise.all([
    db.select().from(licences).where(inArray(licences.institution_id, institutionIds)),
    activeStudentCounts(db, institutionIds),
  ])
  const byInstitution = new Map<number, (typeof rows)[number][]>()
  for (const r of rows) byInstitution.set(r.institution_id, [...(byInstitution.get(r.institution_id) ?? []), r])
  for (const [id, list] of byInstitution) {
    const covering = list.filter((l) => l.from_date <= day && day <= l.to_date)
    if (covering.length > 0) {
      const purchased = covering.reduce((n, l) => n + l.purchase_quantity, 0)
      result.set(id, (used.get(id) ?? 0) >= purchased ? 'EXHAUSTED' : 'ACTIVE')
    } else {
      result.set(id, list.some((l) => l.from_date > day) ? 'UPCOMING' : 'EXPIRED')
    }
  }
  return result
}

/**
 * Why a student may not be added or activated now, in the request's language, or null when a licence
 * covering today has places left. Called by the student create and work-flow calls.
 */
/**
 * How many more active students the institution's licences allow today, with the message for the first
 * student beyond them (no licence covering today, or every place used).
 */
export async function licenceRoom(db: Db, institutionId: number, lang: Lang): Promise<{ remaining: number; message: string }> {
  const day = today()
  const [covering] = await db
    .select({ purchased: sum(licences.purchase_quantity), n: count() })
    .from(licences)
    .where(and(eq(licences.institution_id, institutionId), lte(licences.from_date, day), gte(licences.to_date, day)))
  if (!covering || Number(covering.n) === 0) return { remaining: 0, message: LICENCE_MESSAGES.noLicence[lang] }
  const purchased = Number(covering.purchased ?? 0)
  const used = (await activeStudentCounts(db, [institutionId])).get(institutionId) ?? 0
  return { remaining: Math.max(0, purchased - used), message: LICENCE_MESSAGES.full(purchased)[lang] }
}

export async function licenceBlock(db: Db, institutionId: number, lang: Lang): Promise<string | null> {
  const room = await licenceRoom(db, institutionId, lang)
  return room.remaining > 0 ? null : room.message
}

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

async function assertInstitution(s: LicenceScope): Promise<void> {
  const [row] = await s.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, s.institutionId))
  if (!row) throw HttpError.say(404, LICENCE_MESSAGES.institutionNotFound, s.lang)
}

async function usedBy(s: LicenceScope): Promise<number> {
  return (await activeStudentCounts(s.db, [s.institutionId])).get(s.institutionId) ?? 0
}

const scoped = (s: LicenceScope, id?: number) =>
  and(eq(licences.institution_id, s.institutionId), id === undefined ? undefined : eq(licences.id, id))

export const licenceService = {
  async list(s: LicenceScope, params: ListParams) {
    await assertInstitution(s)
    const used = await usedBy(s)
    return runList(s.db, licences, scoped(s), licenceListSpec, params, (r) => toLicence(r as typeof licences.$inferSelect, used))
  },
  async get(s: LicenceScope, id: number): Promise<Licence> {
    await assertInstitution(s)
    const [row] = await s.db.select().from(licences).where(scoped(s, id))
    if (!row) throw HttpError.say(404, LICENCE_MESSAGES.notFound, s.lang)
    return toLicence(row, await usedBy(s))
  },
  async create(s: LicenceScope, input: LicenceValues): Promise<Licence> {
    await assertInstitution(s)
    const [row] = await s.db.insert(licences).values({ institution_id: s.institutionId, ...input }).returning()
    return toLicence(row!, await usedBy(s))
  },
  async update(s: LicenceScope, id: number, input: LicenceValues): Promise<Licence> {
    await assertInstitution(s)
    const [row] = await s.db.update(licences).set({ ...input, updated_at: new Date() }).where(scoped(s, id)).returning()
    if (!row) throw HttpError.say(404, LICENCE_MESSAGES.notFound, s.lang)
    return toLicence(row, await usedBy(s))
  },
}
