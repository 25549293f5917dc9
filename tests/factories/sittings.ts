// Sittings recorded as the app records them (POST /api/sitting/), on the sample institution with one English
// passage assigned to it: for tests of what sittings keep and of their removal.
import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { academicYears, assessmentClients, classes, schools, students } from '../../src/server/db/schema/tables'
import { api } from '../../src/shared/api'
import type { Harness } from '../setup/api-harness'
import { insertAssessment } from './report-fixture'
import { sampleInstitutionId } from './tenants'

/** The first bytes of a WebM file: enough for the server's audio check. */
const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81])

export type SittingWorld = { h: Harness; institutionId: number; schoolId: number; yearId: number; classId: number; gradeId: number; assessment: number; kids: Record<string, number> }

export async function sittingWorld(h: Harness): Promise<SittingWorld> {
  const institutionId = await sampleInstitutionId(h)
  const [school] = await h.db.select().from(schools).where(eq(schools.institution_id, institutionId))
  const [year] = await h.db.select().from(academicYears).where(and(eq(academicYears.institution_id, institutionId), eq(academicYears.display_name, '2026-2027')))
  const [cls] = await h.db.select().from(classes).where(eq(classes.institution_id, institutionId))
  const assessment = await insertAssessment(h, { title: 'The red hen', lang: 'en', content: 'The little red hen found a grain of wheat', duration: '00:02:00' })
  await h.db.insert(assessmentClients).values({ assessment_id: assessment, institution_id: institutionId })
  const kids = Object.fromEntries((await h.db.select().from(students).where(eq(students.institution_id, institutionId))).map((k) => [k.first_name, k.id]))
  return { h, institutionId, schoolId: school!.id, yearId: year!.id, classId: cls!.id, gradeId: cls!.grade_id, assessment, kids }
}

/** The capture's multipart body for one reading of one substitution (with a short WebM recording if asked). */
export function recordForm(w: SittingWorld, o: { student: number; classId?: number; audio?: boolean }): FormData {
  const fields: Record<string, string> = {
    student: String(o.student), assessment: String(w.assessment), class: String(o.classId ?? w.classId), academic_year: String(w.yearId),
    created_in_device_at: '2026-10-01T08:00:00Z', duration: '60', marks: JSON.stringify([{ word_index: 1, miscue: 'substitution' }]),
  }
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  if (o.audio) form.append('audio', new Blob([WEBM], { type: 'audio/webm' }), 'reading.webm')
  return form
}

/** Records a sitting through POST /api/sitting/ (multipart with audio when asked); answers its id. */
export async function record(w: SittingWorld, token: string, o: { student: number; classId?: number; audio?: boolean }): Promise<number> {
  const res = await w.h.app.request('http://sample.localhost:8080/api/sitting/', { method: 'POST', body: recordForm(w, o), headers: { host: 'sample.localhost:8080', authorization: `Bearer ${token}` } })
  const body = await res.json() as { payload: { id: number } }
  expect(res.status, JSON.stringify(body)).toBe(201)
  return body.payload.id
}

/** Moves a student to another class of the year through the student form's call (PUT). */
export async function moveStudent(w: SittingWorld, token: string, studentId: number, classId: number) {
  const current = (await w.h.request('GET', api.student(w.schoolId, w.yearId, studentId), { token })).body.payload
  const { first_name, last_name, arabic_name, enrollment_code, gender, updated_at } = current
  const res = await w.h.request('PUT', api.student(w.schoolId, w.yearId, studentId), { token, json: { first_name, last_name, arabic_name, enrollment_code, gender, updated_at, class_relation: classId } })
  expect(res.status).toBe(200)
}
