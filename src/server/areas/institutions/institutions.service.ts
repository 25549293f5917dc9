// Institutions and their administrators (platform host only). Creating an institution creates its first
// administrator in the same transaction and mails them an invitation (docs/adr/0008-institution-with-admin.md).
import type * as v from 'valibot'
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Deps } from '../../context'
import type { Db } from '../../db/client'
import { institutions, schools, users } from '../../db/schema/tables'
import { isUniqueViolation } from '../../lib/db-errors'
import { assertFresh, nextVersion } from '../../lib/edit-version'
import { HttpError } from '../../lib/http-error'
import { inTransaction } from '../../lib/transaction'
import type { Lang } from '../../lib/messages'
import { type ListParams, type ListSpec, runList } from '../../lib/list-query'
import { RESERVED_SUBDOMAINS } from '../../domain/institution-hosts'
import { sendInvitation } from '../../domain/accounts'
import type { DomainScope } from '../../domain/scope'
import { licenceStatuses } from '../../domain/licences'
import type {
  ClientAdminCreateSchema,
  Institution,
  InstitutionAdmin,
  InstitutionAdminSchema,
  InstitutionCreateSchema,
  InstitutionListRow,
  InstitutionOption,
  InstitutionUpdateSchema,
} from '../../../shared/schemas/institution'
import type { StudentIdType } from '../../../shared/rules/student-id'
import { INSTITUTION_MESSAGES as M } from './institutions.messages'

type CreateInput = v.InferOutput<typeof InstitutionCreateSchema>
type UpdateInput = v.InferOutput<typeof InstitutionUpdateSchema>
type AdminInput = v.InferOutput<typeof InstitutionAdminSchema>
type ClientAdminInput = v.InferOutput<typeof ClientAdminCreateSchema>
type InstitutionRecord = typeof institutions.$inferSelect
type UserRecord = typeof users.$inferSelect


export const institutionListSpec: ListSpec = {
  columns: {
    id: institutions.id,
    organization_name: institutions.organization_name,
    subdomain_name: institutions.subdomain_name,
    acronym: institutions.acronym,
    created_at: institutions.created_at,
  },
  searchable: ['organization_name', 'subdomain_name', 'acronym'],
  defaultOrdering: 'organization_name',
}

async function schoolCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: schools.institution_id, n: count() })
    .from(schools)
    .where(inArray(schools.institution_id, ids))
    .groupBy(schools.institution_id)
  return new Map(rows.map((r) => [r.id, Number(r.n)]))
}

function toAdmin(u: UserRecord): InstitutionAdmin {
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    is_active: u.is_active,
    userprofile: { phone_number: u.phone_number ?? '' },
    updated_at: u.updated_at.toISOString(),
  }
}

function values(input: CreateInput | UpdateInput) {
  return {
    organization_name: input.organization_name,
    domain_url: input.domain_url || null,
    account_number: input.account_number || null,
    about: input.about || null,
    acronym: input.acronym,
    country: input.address.country,
    state: input.address.state || null,
    city: input.address.city || null,
    zipcode: input.address.zipcode || null,
    student_id_validation_type: input.student_id_validation_type,
    student_id_custom_regex: input.student_id_custom_regex,
    student_id_custom_description: input.student_id_custom_description,
  }
}


async function find(s: DomainScope, id: number, opts: { lock?: boolean } = {}): Promise<InstitutionRecord> {
  const query = s.db.select().from(institutions).where(eq(institutions.id, id))
  const [row] = opts.lock ? await query.for('update') : await query
  if (!row) throw HttpError.say(404, M.notFound, s.lang)
  return row
}

async function assertEmailFree(db: Db, institutionId: number, email: string, lang: Lang, exceptUserId?: number) {
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(
      eq(users.institution_id, institutionId),
      sql`lower(${users.email}) = ${email.toLowerCase()}`,
      exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined,
    ))
  if (clash) throw HttpError.say(409, M.emailTaken, lang, 'email', 'duplicate')
}

async function toInstitution(db: Db, row: InstitutionRecord): Promise<Institution> {
  const [statuses, counts, [admin]] = await Promise.all([
    licenceStatuses(db, [row.id]),
    schoolCounts(db, [row.id]),
    db.select().from(users).where(and(eq(users.institution_id, row.id), eq(users.role, 'institution_admin'))).orderBy(asc(users.id)).limit(1),
  ])
  return {
    id: row.id,
    organization_name: row.organization_name,
    subdomain_name: row.subdomain_name,
    domain_url: row.domain_url ?? '',
    account_number: row.account_number ?? '',
    about: row.about ?? '',
    acronym: row.acronym,
    address: { country: row.country ?? '', state: row.state ?? '', city: row.city ?? '', zipcode: row.zipcode ?? '' },
    student_id_validation_type: row.student_id_validation_type as StudentIdType,
    student_id_custom_regex: row.student_id_custom_regex,
    student_id_custom_description: row.student_id_custom_description,
    has_multiple_school: row.has_multiple_school,
    licence: statuses.get(row.id) ?? 'NONE',
    schools_count: counts.get(row.id) ?? 0,
    admin: admin ? toAdmin(admin) : null,
    updated_at: row.updated_at.toISOString(),
  }
}

export const institutionService = {
  async list(s: DomainScope, params: ListParams): Promise<{ results: InstitutionListRow[]; count: number }> {
    const db = s.db
    const page = await runList(db, institutions, undefined, institutionListSpec, params, (r) => r as InstitutionRecord)
    const ids = page.results.map((r) => r.id)
    const [statuses, counts] = await Promise.all([licenceStatuses(db, ids), schoolCounts(db, ids)])
    return {
      count: page.count,
      results: page.results.map((r) => ({
        id: r.id,
        organization_name: r.organization_name,
        subdomain_name: r.subdomain_name,
        acronym: r.acronym,
        licence: statuses.get(r.id) ?? 'NONE',
        schools_count: counts.get(r.id) ?? 0,
        created_at: r.created_at.toISOString(),
      })),
    }
  },

  async options(db: Db): Promise<InstitutionOption[]> {
    return db
      .select({ id: institutions.id, organization_name: institutions.organization_name, subdomain_name: institutions.subdomain_name })
      .from(institutions)
      .where(eq(institutions.is_active, true))
      .orderBy(asc(institutions.organization_name), asc(institutions.id))
  },

  async get(s: DomainScope, id: number): Promise<Institution> {
    return toInstitution(s.db, await find(s, id))
  },

  async create(s: DomainScope, input: CreateInput, deps: Deps): Promise<Institution> {
    const { db } = s
    const sub = input.subdomain_name.toLowerCase()
    if (RESERVED_SUBDOMAINS.has(sub)) throw HttpError.say(400, M.subdomainReserved, s.lang, 'subdomain_name', 'reserved')
    const taken = () => HttpError.say(409, M.subdomainTaken, s.lang, 'subdomain_name', 'duplicate')
    const [clash] = await db.select({ id: institutions.id }).from(institutions).where(sql`lower(${institutions.subdomain_name}) = ${sub}`)
    if (clash) throw taken()
    let created: { institution: InstitutionRecord; admin: UserRecord }
    try {
      created = await db.transaction(async (tx) => {
        const [institution] = await tx.insert(institutions).values({ ...values(input), subdomain_name: sub, has_multiple_school: input.has_multiple_school }).returning()
        const [admin] = await tx
          .insert(users)
          .values({
            institution_id: institution!.id,
            email: input.admin.email,
            first_name: input.admin.first_name,
            last_name: input.admin.last_name,
            role: 'institution_admin',
            phone_number: input.admin.userprofile.phone_number || null,
          })
          .returning()
        return { institution: institution!, admin: admin! }
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw taken()
      throw err
    }
    await sendInvitation(deps, created.admin, created.institution, s.lang)
    return toInstitution(db, created.institution)
  },

  /** subdomain_name may be sent back unchanged; a different one is refused. has_multiple_school is not editable. */
  update: (scope: DomainScope, id: number, input: UpdateInput): Promise<Institution> => inTransaction(scope, async (s) => {
    const current = await find(s, id, { lock: true })
    await assertFresh(input.updated_at, current.updated_at, s.lang, () => toInstitution(s.db, current))
    const sent = input.subdomain_name?.trim()
    if (sent && sent.toLowerCase() !== current.subdomain_name.toLowerCase()) {
      throw HttpError.say(400, M.subdomainReadOnly, s.lang, 'subdomain_name', 'read_only')
    }
    const [row] = await s.db
      .update(institutions)
      .set({ ...values(input), updated_at: nextVersion(current.updated_at) })
      .where(eq(institutions.id, id))
      .returning()
    return toInstitution(s.db, row!)
  }),

  /** Another administrator for an existing institution. */
  async createAdmin(s: DomainScope, input: ClientAdminInput, deps: Deps): Promise<InstitutionAdmin> {
    const { db } = s
    const [institution] = await db.select().from(institutions).where(eq(institutions.id, input.client))
    if (!institution) throw HttpError.say(400, M.notFound, s.lang, 'client', 'not_found')
    await assertEmailFree(db, institution.id, input.email, s.lang)
    let admin: UserRecord
    try {
      ;[admin] = (await db
        .insert(users)
        .values({
          institution_id: institution.id,
          email: input.email,
          first_name: input.first_name,
          last_name: input.last_name,
          role: 'institution_admin',
          phone_number: input.userprofile.phone_number || null,
        })
        .returning()) as [UserRecord]
    } catch (err) {
      if (isUniqueViolation(err)) throw HttpError.say(409, M.emailTaken, s.lang, 'email', 'duplicate')
      throw err
    }
    await sendInvitation(deps, admin, institution, s.lang)
    return toAdmin(admin)
  },

  updateAdmin: (scope: DomainScope, userId: number, input: AdminInput & { updated_at?: string }): Promise<InstitutionAdmin> => inTransaction(scope, async (s) => {
    const db = s.db
    const [current] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.role, 'institution_admin'), isNotNull(users.institution_id)))
      .for('update')
    if (!current) throw HttpError.say(404, M.adminNotFound, s.lang)
    await assertFresh(input.updated_at, current.updated_at, s.lang, async () => toAdmin(current))
    await assertEmailFree(db, current.institution_id!, input.email, s.lang, userId)
    try {
      const [row] = await db
        .update(users)
        .set({
          email: input.email,
          first_name: input.first_name,
          last_name: input.last_name,
          phone_number: input.userprofile.phone_number || null,
          updated_at: nextVersion(current.updated_at),
        })
        .where(eq(users.id, userId))
        .returning()
      return toAdmin(row!)
    } catch (err) {
      if (isUniqueViolation(err)) throw HttpError.say(409, M.emailTaken, s.lang, 'email', 'duplicate')
      throw err
    }
  }),

  /** The administrators of one institution (its own host). */
  async admins(db: Db, institutionId: number): Promise<InstitutionAdmin[]> {
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.institution_id, institutionId), eq(users.role, 'institution_admin')))
      .orderBy(asc(users.id))
    return rows.map(toAdmin)
  },
}
