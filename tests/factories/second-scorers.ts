// The people of the second-scoring tests (ADR 0128): the sample's teacher (who records), school and institution
// admins and viewer, and two more teachers of the first school who may score a sitting a second time.
import { eq } from 'drizzle-orm'
import { users } from '../../src/server/db/schema/tables'
import type { Harness } from '../setup/api-harness'
import type { ReportFixture } from './report-fixture'
import { insertUser, OTHER_PASSWORD } from './tenants'

export async function secondScorers(h: Harness, f: ReportFixture) {
  const other = await insertUser(h, { institutionId: f.institutionId, email: 'second.teacher@sample.test', role: 'teacher', schoolIds: [f.schoolA] })
  const third = await insertUser(h, { institutionId: f.institutionId, email: 'third.teacher@sample.test', role: 'teacher', schoolIds: [f.schoolA] })
  const idOf = async (email: string) => (await h.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id
  return {
    ids: {
      other, third, teacher: await idOf('teacher@sample.test'), schoolAdmin: await idOf('school.admin@sample.test'),
      instAdmin: await idOf('institution.admin@sample.test'), viewer: await idOf('viewer@sample.test'),
    },
    teacher: await h.login('teacher@sample.test'),
    schoolAdmin: await h.login('school.admin@sample.test'),
    instAdmin: await h.login('institution.admin@sample.test'),
    viewer: await h.login('viewer@sample.test'),
    otherTeacher: await h.login('second.teacher@sample.test', OTHER_PASSWORD),
    thirdTeacher: await h.login('third.teacher@sample.test', OTHER_PASSWORD),
  }
}
