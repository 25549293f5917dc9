import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { InstitutionScope } from '../../domain/scope'
import type { Db } from '../../db/client'
import { classes, schools } from '../../db/schema/tables'
import { assertFresh, nextVersion } from '../../lib/edit-version'
import { HttpError } from '../../lib/http-error'
import { type ListParams, type ListSpec, runList } from '../../lib/list-query'
import { inTransaction } from '../../lib/transaction'
import { accessibleSchoolIds } from '../../domain/accessible-schools'
import type { SchoolOption } from '../../../shared/schemas/reference'
import type { School } from '../../../shared/schemas/school'
import { SCHOOL_MESSAGES } from './schools.messages'
import { assertNoSittings, withSittings } from '../../domain/sitting-evidence'

/** The institution's schools this user may reach, as a SQL condition. */
async function visible(s: InstitutionScope) {
  const institutionId = s.institution.id
  const allowed = await accessibleSchoolIds(s.db, s.user, institutionId)
  return and(
    eq(schools.institution_id, institutionId),
    allowed === 'all' ? undefined : allowed.length ? inArray(schools.id, allowed) : sql`false`,
  )
}

export async function mySchools(s: InstitutionScope): Promise<SchoolOption[]> {
  return s.db
    .select({ id: schools.id, display_name: schools.display_name, arabic_display_name: schools.arabic_display_name })
    .from(schools)
    .where(await visible(s))
    .orderBy(asc(schools.display_name), asc(schools.id))
}

type SchoolRow = typeof schools.$inferSelect

/** Schools with classes or reading records: not deletable. */
async function schoolsInUse(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const [rows, recorded] = await Promise.all([
    db.selectDistinct({ id: classes.school_id }).from(classes).where(inArray(classes.school_id, ids)),
    withSittings(db, 'school', ids),
  ])
  return new Set([...rows.map((r) => r.id), ...recorded])
}

function toSchool(r: SchoolRow, used: Set<number>): School {
  return {
    id: r.id,
    identifier: r.identifier,
    display_name: r.display_name,
    arabic_display_name: r.arabic_display_name,
    phone_number: r.phone_number ?? '',
    school_address: { country: r.country ?? '', state: r.state ?? '', city: r.city ?? '', street: r.street ?? '', zipcode: r.zipcode ?? '' },
    is_deletable: !used.has(r.id),
    updated_at: r.updated_at.toISOString(),
  }
}

export const schoolListSpec: ListSpec = {
  columns: {
    id: schools.id,
    identifier: schools.identifier,
    display_name: schools.display_name,
    arabic_display_name: schools.arabic_display_name,
    phone_number: schools.phone_number,
    city: schools.city,
  },
  searchable: ['identifier', 'display_name', 'arabic_display_name', 'phone_number', 'city'],
  defaultOrdering: 'display_name',
}

type SchoolValues = {
  identifier: string
  display_name: string
  arabic_display_name: string
  phone_number: string
  school_address: { country: string; state: string; city: string; street: string; zipcode: string }
}

/** A school's columns from the form's (or an upload row's) values. */
export function schoolColumns(input: SchoolValues) {
  const a = input.school_address
  return {
    identifier: input.identifier,
    display_name: input.display_name,
    arabic_display_name: input.arabic_display_name,
    phone_number: input.phone_number || null,
    country: a.country,
    state: a.state || null,
    city: a.city || null,
    street: a.street || null,
    zipcode: a.zipcode || null,
  }
}

async function assertUnique(s: InstitutionScope, identifier: string, exceptId?: number) {
  const [clash] = await s.db
    .select({ id: schools.id })
    .from(schools)
    .where(and(
      eq(schools.institution_id, s.institution.id),
      sql`lower(${schools.identifier}) = ${identifier.toLowerCase()}`,
      exceptId ? sql`${schools.id} <> ${exceptId}` : undefined,
    ))
  if (clash) throw HttpError.say(409, SCHOOL_MESSAGES.duplicate, s.lang, 'identifier', 'duplicate')
}

async function find(s: InstitutionScope, id: number, opts: { lock?: boolean } = {}): Promise<SchoolRow> {
  const query = s.db.select().from(schools).where(and(await visible(s), eq(schools.id, id)))
  const [row] = opts.lock ? await query.for('update') : await query
  if (!row) throw HttpError.of(404, 'notFound', s.lang)
  return row
}

export const schoolService = {
  async list(s: InstitutionScope, params: ListParams) {
    const page = await runList(s.db, schools, await visible(s), schoolListSpec, params, (r) => r as SchoolRow)
    const used = await schoolsInUse(s.db, page.results.map((r) => r.id))
    return { results: page.results.map((r) => toSchool(r, used)), count: page.count }
  },
  async get(s: InstitutionScope, id: number) {
    const row = await find(s, id)
    return toSchool(row, await schoolsInUse(s.db, [id]))
  },
  async create(s: InstitutionScope, input: SchoolValues) {
    await assertUnique(s, input.identifier)
    const [row] = await s.db.insert(schools).values({ institution_id: s.institution.id, ...schoolColumns(input) }).returning()
    return toSchool(row!, new Set())
  },
  /** With `updated_at` in the input, an edit made meanwhile by someone else is refused (409 conflict). */
  update: (scope: InstitutionScope, id: number, input: SchoolValues & { updated_at?: string }) => inTransaction(scope, async (s) => {
    const current = await find(s, id, { lock: true })
    await assertFresh(input.updated_at, current.updated_at, s.lang, async () => toSchool(current, await schoolsInUse(s.db, [id])))
    await assertUnique(s, input.identifier, id)
    const [row] = await s.db
      .update(schools)
      .set({ ...schoolColumns(input), updated_at: nextVersion(current.updated_at) })
      .where(and(eq(schools.institution_id, s.institution.id), eq(schools.id, id)))
      .returning()
    return toSchool(row!, await schoolsInUse(s.db, [id]))
  }),
  async remove(s: InstitutionScope, id: number) {
    await find(s, id)
    await assertNoSittings(s.db, 'school', id, s.lang)
    if ((await schoolsInUse(s.db, [id])).size) throw HttpError.say(409, SCHOOL_MESSAGES.inUse, s.lang)
    await s.db.delete(schools).where(and(eq(schools.institution_id, s.institution.id), eq(schools.id, id)))
  },
}
