// Licence rules every area shares (docs/adr/0011-licence-status.md): the institution's status, the places left
// today and why a student cannot be added now. Places used = active students of the institution now. Called by
// the licences, institutions and students areas and by imports; never sees a request.
import { and, count, eq, gte, inArray, lte, sum } from 'drizzle-orm'
import type { Db } from '../db/client'
import { licences, students } from '../db/schema/tables'
import type { Lang, Text } from '../lib/messages'
import type { LicenceStatus } from '../../shared/schemas/institution'

export const LICENCE_BLOCK_MESSAGES = {
  noLicence: {
    en: 'This institution has no licence covering today. Ask the platform administrator to add one.',
    ar: 'لا يوجد لهذه المؤسسة ترخيص ساري اليوم. اطلب من مسؤول المنصة إضافة ترخيص.',
  },
  full: (n: number): Text => ({
    en: `All ${n} student places of the current licence are in use. Deactivate students or ask the platform administrator for more places.`,
    ar: `جميع مقاعد الطلاب في الترخيص الحالي (${n}) مستخدمة. عطّل بعض الطلاب أو اطلب من مسؤول المنصة مقاعد إضافية.`,
  }),
}

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
 * How many more active students the institution's licences allow today, with the message for the first
 * student beyond them (no licence covering today, or every place used).
 */
export async function licenceRoom(db: Db, institutionId: number, lang: Lang): Promise<{ remaining: number; message: string }> {
  const day = today()
  const [covering] = await db
    .select({ purchased: sum(licences.purchase_quantity), n: count() })
    .from(licences)
    .where(and(eq(licences.institution_id, institutionId), lte(licences.from_date, day), gte(licences.to_date, day)))
  if (!covering || Number(covering.n) === 0) return { remaining: 0, message: LICENCE_BLOCK_MESSAGES.noLicence[lang] }
  const purchased = Number(covering.purchased ?? 0)
  const used = (await activeStudentCounts(db, [institutionId])).get(institutionId) ?? 0
  return { remaining: Math.max(0, purchased - used), message: LICENCE_BLOCK_MESSAGES.full(purchased)[lang] }
}

/**
 * Why a student may not be added or activated now, in the caller's language, or null when a licence
 * covering today has places left. Called by the student create and work-flow calls.
 */
export async function licenceBlock(db: Db, institutionId: number, lang: Lang): Promise<string | null> {
  const room = await licenceRoom(db, institutionId, lang)
  return room.remaining > 0 ? null : room.message
}
