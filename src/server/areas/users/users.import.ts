// Teachers from a spreadsheet (bulk-upload-teacher; ADR 0080): users with the teacher role, mapped to the
// school the screen chose, each invited by mail to set a password (as a teacher added in the form is).
// An email already used in the institution is refused for that row.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { schools, userSchools, users } from '../../db/schema/tables'
import type { Importer, ImportScope } from '../../domain/bulk-import/importer'
import { HttpError } from '../../lib/http-error'
import { CREATE_ROLES } from '../../../shared/permissions'
import type { TeacherInput } from '../../../shared/bulk/row-checks'
import { sendInvitation } from '../../domain/accounts'
import { actingRole } from './users.service'
import { USER_MESSAGES as M } from './users.messages'

function where(s: ImportScope) {
  if (!s.institution || !s.ctx.schoolId) throw HttpError.of(404, 'notFound', s.lang)
  return { institutionId: s.institution.id, schoolId: s.ctx.schoolId }
}

export const teacherImporter: Importer<TeacherInput> = {
  kind: 'teacher',
  async begin(s) {
    const { institutionId, schoolId } = where(s)
    if (!CREATE_ROLES[actingRole(s.role)].includes('teacher')) throw HttpError.say(403, M.roleNotAllowed, s.lang, 'role', 'forbidden')
    const [school] = await s.db.select({ id: schools.id }).from(schools).where(and(eq(schools.id, schoolId), eq(schools.institution_id, institutionId)))
    if (!school) throw HttpError.of(404, 'notFound', s.lang)
  },
  async references() {
    return {}
  },
  async existing(s, rows) {
    const found = await s.db.select({ key: sql<string>`lower(${users.email})` }).from(users)
      .where(and(eq(users.institution_id, where(s).institutionId), inArray(sql`lower(${users.email})`, rows.map((r) => r.key))))
    return new Set(found.map((f) => f.key))
  },
  async insert(s, rows) {
    const { institutionId, schoolId } = where(s)
    const created = await s.db.insert(users).values(rows.map((r) => ({
      institution_id: institutionId,
      email: r.email,
      first_name: r.first_name,
      last_name: r.last_name,
      role: 'teacher',
      phone_number: r.userprofile.phone_number || null,
      known_languages: r.userprofile.known_languages || null,
      is_active: true,
    }))).returning({ id: users.id })
    await s.db.insert(userSchools).values(created.map((c) => ({ user_id: c.id, school_id: schoolId })))
    return created.map((c) => c.id)
  },
  async afterCommit(s, created) {
    for (const { input, id } of created) {
      await sendInvitation({ ...s.deps, db: s.db } as Parameters<typeof sendInvitation>[0], { id, first_name: input.first_name, email: input.email }, s.institution!, s.lang)
    }
  },
}
