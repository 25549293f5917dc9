// Users of one institution. Every query is filtered by the institution of the host; school admins (and
// other roles limited to mapped schools) see only users mapped to their schools, plus themselves.
// Managing a user needs its role to be one the actor may create (CREATE_ROLES); nobody can demote,
// deactivate or delete themselves.
import type * as v from 'valibot'
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Deps } from '../../context'
import type { InstitutionScope } from '../../domain/scope'
import { schools, userSchools, users } from '../../db/schema/tables'
import { isUniqueViolation } from '../../lib/db-errors'
import { assertFresh, nextVersion } from '../../lib/edit-version'
import { HttpError } from '../../lib/http-error'
import { type ListParams, type ListSpec, runList } from '../../lib/list-query'
import { inTransaction } from '../../lib/transaction'
import { CODES } from '../../../shared/schemas/codes'
import { CREATE_ROLES, seesAllSchools } from '../../../shared/permissions'
import { type Role, requiresSchoolMapping } from '../../../shared/roles'
import type { UserRow, UserSchema } from '../../../shared/schemas/user'
import { revokeAllTokens } from '../../domain/accounts'
import { sendInvitation } from '../../domain/accounts'
import { accessibleSchoolIds } from '../../domain/accessible-schools'
import { ROLE_NAMES, USER_MESSAGES as M } from './users.messages'

type UserInput = v.InferOutput<typeof UserSchema>
type UserRecord = typeof users.$inferSelect

/** Platform admins on an institution's host act as its administrator (docs/adr/0004). */
export function actingRole(role: Role): Role {
  return role === 'platform_admin' ? 'institution_admin' : role
}

export const userListSpec: ListSpec = {
  columns: {
    id: users.id,
    name: users.first_name,
    first_name: users.first_name,
    last_name: users.last_name,
    email: users.email,
    role: users.role,
    is_active: users.is_active,
  },
  searchable: ['first_name', 'last_name', 'email', 'role'],
  defaultOrdering: 'first_name',
}

/** The users this actor may see, as a SQL condition (always within the institution). */
async function visible(s: InstitutionScope) {
  const inInstitution = eq(users.institution_id, s.institution.id)
  if (seesAllSchools(s.user.role)) return inInstitution
  const mine = await accessibleSchoolIds(s.db, s.user, s.institution.id)
  if (mine === 'all') return inInstitution
  const mapped = mine.length
    ? inArray(users.id, s.db.select({ id: userSchools.user_id }).from(userSchools).where(inArray(userSchools.school_id, mine)))
    : undefined
  return and(inInstitution, mapped ? or(eq(users.id, s.user.id), mapped) : eq(users.id, s.user.id))
}

async function schoolsOf(s: InstitutionScope, userIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const result = new Map<number, { id: number; name: string }[]>()
  if (userIds.length === 0) return result
  const rows = await s.db
    .select({ user_id: userSchools.user_id, id: schools.id, name: schools.display_name })
    .from(userSchools)
    .innerJoin(schools, eq(schools.id, userSchools.school_id))
    .where(and(inArray(userSchools.user_id, userIds), eq(schools.institution_id, s.institution.id)))
    .orderBy(asc(schools.display_name), asc(schools.id))
  for (const r of rows) result.set(r.user_id, [...(result.get(r.user_id) ?? []), { id: r.id, name: r.name }])
  return result
}

function toRow(s: InstitutionScope, u: UserRecord, mapped: { id: number; name: string }[]): UserRow {
  const role = u.role as Role
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    name: `${u.first_name} ${u.last_name}`,
    email: u.email,
    role,
    role_name: ROLE_NAMES[role]?.[s.lang] ?? role,
    required_school_mapping: requiresSchoolMapping(role),
    userprofile: { phone_number: u.phone_number ?? '', known_languages: u.known_languages ?? '' },
    is_active: u.is_active,
    schools: mapped.map((m) => m.id),
    school_names: mapped.map((m) => m.name),
    // What DELETE answers: nobody deletes themselves, nor a user whose role they may not give.
    is_deletable: u.id !== s.user.id && mayManage(s, u),
    updated_at: u.updated_at.toISOString(),
  }
}

async function find(s: InstitutionScope, id: number, opts: { lock?: boolean } = {}): Promise<UserRecord> {
  const query = s.db.select().from(users).where(and(await visible(s), eq(users.id, id)))
  const [row] = opts.lock ? await query.for('update') : await query
  if (!row) throw HttpError.say(404, M.notFound, s.lang)
  return row
}

async function rowOf(s: InstitutionScope, u: UserRecord): Promise<UserRow> {
  return toRow(s, u, (await schoolsOf(s, [u.id])).get(u.id) ?? [])
}

function assertMayGive(s: InstitutionScope, role: Role) {
  if (!CREATE_ROLES[actingRole(s.user.role)].includes(role)) throw HttpError.say(403, M.roleNotAllowed, s.lang, 'role', 'forbidden')
}

function mayManage(s: InstitutionScope, target: UserRecord): boolean {
  return CREATE_ROLES[actingRole(s.user.role)].includes(target.role as Role)
}

function assertMayManage(s: InstitutionScope, target: UserRecord) {
  if (target.id === s.user.id) return
  if (!mayManage(s, target)) throw HttpError.say(403, M.cannotManage, s.lang)
}

async function assertEmailFree(s: InstitutionScope, email: string, exceptId?: number) {
  const [clash] = await s.db
    .select({ id: users.id })
    .from(users)
    .where(and(
      eq(users.institution_id, s.institution.id),
      sql`lower(${users.email}) = ${email.toLowerCase()}`,
      exceptId ? sql`${users.id} <> ${exceptId}` : undefined,
    ))
  if (clash) throw HttpError.say(409, M.emailTaken, s.lang, 'email', 'duplicate')
}

/**
 * The school mapping a user ends up with when the actor ticks `wanted`: the schools must belong to the
 * institution and be reachable by the actor; mappings to schools the actor cannot reach are kept.
 */
async function resolveSchools(s: InstitutionScope, wanted: number[], current: number[]): Promise<number[]> {
  const ids = [...new Set(wanted)]
  if (ids.length) {
    const found = await s.db
      .select({ id: schools.id })
      .from(schools)
      .where(and(eq(schools.institution_id, s.institution.id), inArray(schools.id, ids)))
    if (found.length !== ids.length) throw HttpError.say(400, M.unknownSchool, s.lang, 'schools', 'invalid_choice')
  }
  const reachable = await accessibleSchoolIds(s.db, s.user, s.institution.id)
  if (reachable === 'all') return ids
  if (ids.some((id) => !reachable.includes(id))) throw HttpError.say(403, M.schoolForbidden, s.lang, 'schools', 'forbidden')
  return [...new Set([...current.filter((id) => !reachable.includes(id)), ...ids])]
}

function requireSchools(s: InstitutionScope, role: Role, ids: number[]) {
  if (requiresSchoolMapping(role) && ids.length === 0) throw HttpError.say(400, M.schoolsRequired, s.lang, 'schools', CODES.requireOne)
}

async function currentSchools(s: InstitutionScope, userId: number): Promise<number[]> {
  return ((await schoolsOf(s, [userId])).get(userId) ?? []).map((m) => m.id)
}

export const userService = {
  async list(s: InstitutionScope, params: ListParams) {
    const page = await runList(s.db, users, await visible(s), userListSpec, params, (r) => r as UserRecord)
    const mapped = await schoolsOf(s, page.results.map((u) => u.id))
    return { count: page.count, results: page.results.map((u) => toRow(s, u, mapped.get(u.id) ?? [])) }
  },

  async get(s: InstitutionScope, id: number): Promise<UserRow> {
    return rowOf(s, await find(s, id))
  },

  /** The new user gets no password: an invitation mail carries a 7-day set-password link. */
  async create(s: InstitutionScope, input: UserInput, deps: Deps): Promise<UserRow> {
    assertMayGive(s, input.role)
    const schoolIds = requiresSchoolMapping(input.role) ? await resolveSchools(s, input.schools ?? [], []) : []
    requireSchools(s, input.role, schoolIds)
    await assertEmailFree(s, input.email)
    let created: UserRecord
    try {
      created = await s.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            institution_id: s.institution.id,
            email: input.email,
            first_name: input.first_name,
            last_name: input.last_name,
            role: input.role,
            phone_number: input.userprofile.phone_number || null,
            known_languages: input.userprofile.known_languages || null,
            is_active: input.is_active,
          })
          .returning()
        if (schoolIds.length) await tx.insert(userSchools).values(schoolIds.map((school_id) => ({ user_id: row!.id, school_id })))
        return row!
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw HttpError.say(409, M.emailTaken, s.lang, 'email', 'duplicate')
      throw err
    }
    await sendInvitation(deps, created, s.institution, s.lang)
    return rowOf(s, created)
  },

  /** With `updated_at` in the input, an edit made meanwhile by someone else is refused (409 conflict). */
  update: (scope: InstitutionScope, id: number, input: UserInput, deps: Deps): Promise<UserRow> => inTransaction(scope, async (s) => {
    const target = await find(s, id, { lock: true })
    await assertFresh(input.updated_at, target.updated_at, s.lang, () => rowOf(s, target))
    const self = target.id === s.user.id
    if (self && input.role !== target.role) throw HttpError.say(400, M.ownRole, s.lang, 'role', 'own_account')
    if (self && !input.is_active) throw HttpError.say(400, M.ownDeactivation, s.lang, 'is_active', 'own_account')
    assertMayManage(s, target)
    if (!self) assertMayGive(s, input.role)
    const current = await currentSchools(s, id)
    // Your own school mapping is not yours to change.
    const schoolIds = !requiresSchoolMapping(input.role)
      ? []
      : self || input.schools === undefined
        ? current
        : await resolveSchools(s, input.schools, current)
    requireSchools(s, input.role, schoolIds)
    await assertEmailFree(s, input.email, id)
    let updated: UserRecord
    try {
      updated = await s.db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            email: input.email,
            first_name: input.first_name,
            last_name: input.last_name,
            role: input.role,
            phone_number: input.userprofile.phone_number || null,
            known_languages: input.userprofile.known_languages || null,
            is_active: input.is_active,
            updated_at: nextVersion(target.updated_at),
          })
          .where(and(eq(users.id, id), eq(users.institution_id, s.institution.id)))
          .returning()
        await tx.delete(userSchools).where(eq(userSchools.user_id, id))
        if (schoolIds.length) await tx.insert(userSchools).values(schoolIds.map((school_id) => ({ user_id: id, school_id })))
        return row!
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw HttpError.say(409, M.emailTaken, s.lang, 'email', 'duplicate')
      throw err
    }
    if (target.is_active && !updated.is_active) await revokeAllTokens({ ...deps, db: s.db }, id)
    deps.access?.forgetUser(id) // role and schools may have changed (ADR 0101)
    return rowOf(s, updated)
  }),

  async schools(s: InstitutionScope, id: number): Promise<number[]> {
    await find(s, id)
    return currentSchools(s, id)
  },

  async setSchools(s: InstitutionScope, id: number, wanted: number[]): Promise<number[]> {
    const target = await find(s, id)
    if (target.id === s.user.id) throw HttpError.say(403, M.cannotManage, s.lang)
    assertMayManage(s, target)
    const ids = await resolveSchools(s, wanted, await currentSchools(s, id))
    requireSchools(s, target.role as Role, ids)
    await s.db.transaction(async (tx) => {
      await tx.delete(userSchools).where(eq(userSchools.user_id, id))
      if (ids.length) await tx.insert(userSchools).values(ids.map((school_id) => ({ user_id: id, school_id })))
    })
    return currentSchools(s, id)
  },

  async remove(s: InstitutionScope, id: number): Promise<void> {
    const target = await find(s, id)
    if (target.id === s.user.id) throw HttpError.say(400, M.ownDelete, s.lang)
    assertMayManage(s, target)
    await s.db.delete(users).where(and(eq(users.id, id), eq(users.institution_id, s.institution.id)))
  },

  workflowMessage(s: InstitutionScope, canWrite: boolean): string | null {
    return canWrite && CREATE_ROLES[actingRole(s.user.role)].length > 0 ? null : M.readOnly[s.lang]
  },
}

/** The teachers mapped to a school (the teacher report of the bulk-upload screen), by name. */
export async function teachersOfSchool(s: InstitutionScope, schoolId: number): Promise<UserRecord[]> {
  return s.db.select({ u: users }).from(users)
    .innerJoin(userSchools, eq(userSchools.user_id, users.id))
    .where(and(eq(users.institution_id, s.institution.id), eq(userSchools.school_id, schoolId), eq(users.role, 'teacher')))
    .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id))
    .then((rows) => rows.map((r) => r.u))
}
