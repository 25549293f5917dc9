// Rows the API cannot create yet (institutions, schools, users, classes), inserted straight into the
// harness database so tests can check tenancy, school mapping and "in use" rules.
import { eq } from 'drizzle-orm'
import { classes, institutions, schools, userSchools, users } from '../../src/server/db/schema/tables'
import { SAMPLE_SUBDOMAIN } from '../../src/server/db/seed/seed'
import { hashPassword } from '../../src/server/lib/crypto'
import type { Role } from '../../src/shared/roles'
import { api } from '../../src/shared/api'
import type { Harness } from '../setup/api-harness'

export const OTHER_PASSWORD = 'Other$1pass'

export async function sampleInstitutionId(h: Harness): Promise<number> {
  const [row] = await h.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.subdomain_name, SAMPLE_SUBDOMAIN))
  return row!.id
}

export async function insertSchool(h: Harness, institutionId: number, identifier: string): Promise<number> {
  const [row] = await h.db
    .insert(schools)
    .values({ institution_id: institutionId, identifier, display_name: `${identifier} School`, arabic_display_name: `مدرسة ${identifier}` })
    .returning({ id: schools.id })
  return row!.id
}

export async function insertUser(
  h: Harness,
  u: { institutionId: number | null; email: string; role: Role; password?: string; schoolIds?: number[] },
): Promise<number> {
  const [row] = await h.db
    .insert(users)
    .values({
      institution_id: u.institutionId,
      email: u.email,
      first_name: 'Test',
      last_name: 'User',
      role: u.role,
      password_hash: await hashPassword(u.password ?? OTHER_PASSWORD),
    })
    .returning({ id: users.id })
  if (u.schoolIds?.length) await h.db.insert(userSchools).values(u.schoolIds.map((school_id) => ({ user_id: row!.id, school_id })))
  return row!.id
}

/** A second institution with one school and an institution admin (password OTHER_PASSWORD). */
export async function insertInstitution(h: Harness, subdomain: string) {
  const [inst] = await h.db
    .insert(institutions)
    .values({ organization_name: `${subdomain} Institute`, subdomain_name: subdomain, acronym: 'OTH' })
    .returning({ id: institutions.id })
  const institutionId = inst!.id
  const schoolId = await insertSchool(h, institutionId, `${subdomain.toUpperCase()}1`)
  const adminEmail = `admin@${subdomain}.test`
  await insertUser(h, { institutionId, email: adminEmail, role: 'institution_admin' })
  return { institutionId, schoolId, adminEmail, host: `${subdomain}.localhost:8080` }
}

export async function insertClass(
  h: Harness,
  c: { institutionId: number; schoolId: number; gradeId: number; sectionId?: number; identifier: string },
): Promise<number> {
  const [row] = await h.db
    .insert(classes)
    .values({
      institution_id: c.institutionId,
      school_id: c.schoolId,
      grade_id: c.gradeId,
      section_id: c.sectionId ?? null,
      identifier: c.identifier,
      display_name: `Class ${c.identifier}`,
    })
    .returning({ id: classes.id })
  return row!.id
}

/** The decoded text of a quoted-printable .eml as written by the file mailer. */
export function mailText(eml: string): string {
  const body = eml.slice(eml.indexOf('\n\n') + 2)
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(eml)) return body
  const joined = body.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** The sample institution's admin (token, first school) and another institution with its signed-in admin. */
export async function sampleAdminAndOther(h: Harness, otherSubdomain: string) {
  const token = await h.login('institution.admin@sample.test')
  const schoolId = (await h.request('GET', api.mySchools, { token })).body.payload.results[0].id as number
  const other = await insertInstitution(h, otherSubdomain)
  const otherToken = await h.login(other.adminEmail, OTHER_PASSWORD, other.host)
  return { token, schoolId, other, otherToken }
}
