// Assessments are platform content: platform admins write them and see them all; the signed-in users of an
// institution see the assessments assigned to it (assessment_clients). Business rules of spec §4-§5 and §9.
import { and, asc, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { ComprehensionStep } from '../../../shared/reports/comprehension'
import type { Db } from '../../db/client'
import type { Env } from '../../env'
import {
  assessmentClients, assessmentLevels, assessments, assessmentTypeContentTypes, assessmentTypes, contentDisplayTypes, institutions, levels,
  skillTypes, subjects,
} from '../../db/schema/tables'
import { assertFresh, nextVersion } from '../../lib/edit-version'
import { HttpError } from '../../lib/http-error'
import { inTransaction } from '../../lib/transaction'
import { type ListParams, type ListSpec, runList } from '../../lib/list-query'
import { PDF_MAX_BYTES, readStoredFile, removeStoredFile, storeFile } from '../../lib/files'
import type { Lang } from '../../lib/messages'
import type { DomainScope } from '../../domain/scope'
import { CODES } from '../../../shared/schemas/codes'
import { type Assessment, durationOf, looksLikePdf, splitDuration } from '../../../shared/schemas/assessment'
import { ASSESSMENT_MESSAGES as M } from './assessments.messages'

export type AssessmentValues = {
  title: string
  subject: number
  language_title: string
  skill_type: number
  assessment_type: number
  assessment_parent: number | null
  content_display_type: number
  content: string
  minutes: number
  seconds: number
  levels: number[]
  pdf?: string | null | undefined
  remove_pdf: boolean
  comprehension: ComprehensionStep | null
}

/** An uploaded PDF: bytes and the name the user gave it. */
export type Upload = { name: string; bytes: Uint8Array }

type Row = typeof assessments.$inferSelect

/** Who reads: platform admins see everything; anyone else only what their institution has. */
export function visibleTo(r: Pick<DomainScope, 'db' | 'user' | 'institution'>): SQL | undefined {
  if (r.user.role === 'platform_admin') return undefined
  if (!r.institution) return sql`false`
  return inArray(
    assessments.id,
    r.db.select({ id: assessmentClients.assessment_id }).from(assessmentClients).where(eq(assessmentClients.institution_id, r.institution.id)),
  )
}

export const assessmentListSpec: ListSpec = {
  columns: {
    id: assessments.id,
    title: assessments.title,
    language_title: assessments.language_title,
    level_names: assessments.level_names,
    duration: assessments.duration,
    updated_at: assessments.updated_at,
  },
  searchable: ['title', 'language_title', 'level_names'],
  defaultOrdering: 'title',
}

/** Names of the small reference tables, loaded once per call. */
async function names(db: Db) {
  const [subs, skills, types, displays] = await Promise.all([
    db.select().from(subjects),
    db.select().from(skillTypes),
    db.select().from(assessmentTypes),
    db.select().from(contentDisplayTypes),
  ])
  return {
    subjects: new Map(subs.map((r) => [r.id, r])),
    skills: new Map(skills.map((r) => [r.id, r])),
    types: new Map(types.map((r) => [r.id, r])),
    displays: new Map(displays.map((r) => [r.id, r])),
  }
}

async function levelsOf(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>()
  if (!ids.length) return out
  const rows = await db
    .select({ a: assessmentLevels.assessment_id, l: assessmentLevels.level_id })
    .from(assessmentLevels)
    .innerJoin(levels, eq(levels.id, assessmentLevels.level_id))
    .where(inArray(assessmentLevels.assessment_id, ids))
    .orderBy(asc(levels.sort_order), asc(levels.id))
  for (const r of rows) (out.get(r.a) ?? out.set(r.a, []).get(r.a)!).push(r.l)
  return out
}

async function toAssessments(db: Db, lang: Lang, rows: Row[]): Promise<Assessment[]> {
  const n = await names(db)
  const lv = await levelsOf(db, rows.map((r) => r.id))
  const name = (x: { display_name: string; arabic_display_name: string } | undefined) => (x ? (lang === 'ar' ? x.arabic_display_name : x.display_name) : '')
  return rows.map((r) => {
    const subject = n.subjects.get(r.subject_id)
    const { minutes, seconds } = splitDuration(r.duration)
    return {
      id: r.id,
      title: r.title,
      subject: r.subject_id,
      subject_name: name(subject),
      directions_code: subject?.directions_code === 'rtl' ? 'rtl' : 'ltr',
      language_title: r.language_title,
      skill_type: r.skill_type_id,
      skill_type_name: name(n.skills.get(r.skill_type_id)),
      assessment_type: r.assessment_type_id,
      assessment_type_name: name(n.types.get(r.assessment_type_id)),
      assessment_parent: r.parent_id,
      content_display_type: r.content_display_type_id,
      content_display_type_code: n.displays.get(r.content_display_type_id)?.code ?? '',
      content: r.content,
      pdf_url: r.pdf_file ? `/api/assessment/${r.id}/pdf/` : null,
      pdf_name: r.pdf_file ? r.pdf_name : null,
      minutes,
      seconds,
      duration: r.duration,
      levels: lv.get(r.id) ?? [],
      level_names: r.level_names,
      comprehension: r.comprehension ?? null,
      updated_at: r.updated_at.toISOString(),
    }
  })
}

async function find(r: DomainScope, id: number, opts: { lock?: boolean } = {}): Promise<Row> {
  const query = r.db.select().from(assessments).where(and(visibleTo(r), eq(assessments.id, id)))
  const [row] = opts.lock ? await query.for('update') : await query
  if (!row) throw HttpError.of(404, 'notFound', r.lang)
  return row
}

const bad = (lang: Lang, field: string, message: { en: string; ar: string }, code: string = CODES.invalidChoice) => HttpError.say(400, message, lang, field, code)

/** Decodes a data URL (data:application/pdf;base64,...) sent in JSON. */
function fromDataUrl(lang: Lang, value: string): Upload {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(value)
  if (!match) throw bad(lang, 'pdf', M.notPdf, CODES.invalidPdf)
  const params = match[2]!.split(';')
  const base64 = params.includes('base64')
  const bytes = base64 ? Buffer.from(match[3]!, 'base64') : Buffer.from(decodeURIComponent(match[3]!), 'utf8')
  // The web app sends the file's own name as a `name=` parameter (data:application/pdf;name=…;base64,…).
  const named = params.find((p) => p.startsWith('name='))?.slice(5)
  let name = 'assessment.pdf'
  try {
    // Path separators and control characters become "_" (the name is only ever shown, never a path).
    if (named) name = [...decodeURIComponent(named)].map((ch) => (ch === '/' || ch === '\\' || ch.charCodeAt(0) < 32 ? '_' : ch)).join('') || name
  } catch {
    // a malformed escape keeps the default name
  }
  return { name, bytes }
}

function checkPdf(lang: Lang, upload: Upload): void {
  if (upload.bytes.length > PDF_MAX_BYTES) {
    throw HttpError.say(413, M.pdfTooLarge(Math.round(PDF_MAX_BYTES / 1024 / 1024)), lang, 'pdf', CODES.tooLarge)
  }
  if (!looksLikePdf(upload.bytes)) throw bad(lang, 'pdf', M.notPdf, CODES.invalidPdf)
}

/** The cascade of spec §4 and the content rules, checked against the reference data. Returns the parent to store. */
async function checkRules(r: DomainScope, input: AssessmentValues, hasPdf: boolean, selfId?: number): Promise<{ parent: number | null; display: string; levelNames: string }> {
  const { db, lang } = r
  const [subject] = await db.select().from(subjects).where(eq(subjects.id, input.subject))
  if (!subject) throw bad(lang, 'subject', M.subjectUnknown)
  const [skill] = await db.select().from(skillTypes).where(eq(skillTypes.id, input.skill_type))
  if (!skill || skill.subject_id !== subject.id) throw bad(lang, 'skill_type', M.skillNotOfSubject)
  const [type] = await db.select().from(assessmentTypes).where(eq(assessmentTypes.id, input.assessment_type))
  if (!type || type.skill_type_id !== skill.id) throw bad(lang, 'assessment_type', M.typeNotOfSkill)
  const [allowed] = await db
    .select({ code: contentDisplayTypes.code })
    .from(assessmentTypeContentTypes)
    .innerJoin(contentDisplayTypes, eq(contentDisplayTypes.id, assessmentTypeContentTypes.content_display_type_id))
    .where(and(eq(assessmentTypeContentTypes.assessment_type_id, type.id), eq(assessmentTypeContentTypes.content_display_type_id, input.content_display_type)))
  if (!allowed) throw bad(lang, 'content_display_type', M.displayNotAllowed)

  let parent: number | null = null
  if (type.parent_type_id !== null) {
    if (input.assessment_parent === null) throw bad(lang, 'assessment_parent', M.parentRequired, CODES.required)
    const [p] = await db
      .select({ id: assessments.id, type: assessments.assessment_type_id })
      .from(assessments)
      .where(and(eq(assessments.id, input.assessment_parent), selfId ? ne(assessments.id, selfId) : undefined))
    if (!p || p.type !== type.parent_type_id) throw bad(lang, 'assessment_parent', M.parentWrongType)
    parent = p.id
  } // without a parent type the parent is cleared, as the form does (spec §4)

  // Spec §5: content is required whatever the display type; with a PDF it is the text the teacher marks
  // the reading against (docs/adr/0062-assessment-content-with-pdf.md).
  if (input.content.trim() === '') throw bad(lang, 'content', M.contentRequired, CODES.required)
  if (allowed.code === 'pdf' && !hasPdf) throw bad(lang, 'pdf', M.pdfRequired, CODES.required)

  const unique = [...new Set(input.levels)]
  const found = await db.select().from(levels).where(inArray(levels.id, unique)).orderBy(asc(levels.sort_order), asc(levels.id))
  if (found.length !== unique.length) throw bad(lang, 'levels', M.levelUnknown)
  return { parent, display: allowed.code, levelNames: found.map((l) => l.display_name).join(', ') }
}

function columns(input: AssessmentValues, parent: number | null, levelNames: string) {
  return {
    title: input.title,
    subject_id: input.subject,
    language_title: input.language_title,
    skill_type_id: input.skill_type,
    assessment_type_id: input.assessment_type,
    parent_id: parent,
    content_display_type_id: input.content_display_type,
    content: input.content,
    duration: durationOf(input.minutes, input.seconds),
    level_names: levelNames,
    comprehension: input.comprehension,
  }
}

function escapeLike(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

export const assessmentService = {
  async list(r: DomainScope, params: ListParams) {
    const page = await runList(r.db, assessments, visibleTo(r), assessmentListSpec, params, (row) => row as Row)
    return { results: await toAssessments(r.db, r.lang, page.results), count: page.count }
  },

  /** Every visible row matching the list's filters and ordering, for the .xlsx download. */
  async all(r: DomainScope, params: ListParams): Promise<Assessment[]> {
    const conditions: (SQL | undefined)[] = [visibleTo(r)]
    for (const [field, value] of Object.entries(params.filters)) {
      const column = assessmentListSpec.columns[field]
      if (column) conditions.push(ilike(column, escapeLike(value)))
    }
    const column = assessmentListSpec.columns[params.ordering.replace(/^-/, '')]!
    const rows = await r.db
      .select()
      .from(assessments)
      .where(and(...conditions))
      .orderBy(params.ordering.startsWith('-') ? desc(column) : asc(column), asc(assessments.id))
      .limit(50_000)
    return toAssessments(r.db, r.lang, rows)
  },

  async get(r: DomainScope, id: number): Promise<Assessment> {
    return (await toAssessments(r.db, r.lang, [await find(r, id)]))[0]!
  },

  /** Assessments of one type (the parent list of the form). */
  async ofType(r: DomainScope, typeId: number) {
    return r.db
      .select({ id: assessments.id, title: assessments.title, assessment_id: assessments.id, assessment_title: assessments.title })
      .from(assessments)
      .where(and(visibleTo(r), eq(assessments.assessment_type_id, typeId)))
      .orderBy(asc(assessments.title), asc(assessments.id))
  },

  async create(r: DomainScope, env: Env, input: AssessmentValues, upload: Upload | null): Promise<Assessment> {
    const pdf = upload ?? (input.pdf ? fromDataUrl(r.lang, input.pdf) : null)
    if (pdf) checkPdf(r.lang, pdf)
    const rules = await checkRules(r, input, pdf !== null)
    const stored = rules.display === 'pdf' && pdf ? await storeFile(env, 'assessments', pdf.bytes, 'pdf') : null
    try {
      const row = await r.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(assessments)
          .values({ ...columns(input, rules.parent, rules.levelNames), pdf_file: stored, pdf_name: stored ? pdf!.name.slice(0, 255) : null })
          .returning()
        await tx.insert(assessmentLevels).values([...new Set(input.levels)].map((level_id) => ({ assessment_id: row!.id, level_id })))
        return row!
      })
      return (await toAssessments(r.db, r.lang, [row]))[0]!
    } catch (err) {
      await removeStoredFile(env, 'assessments', stored)
      throw err
    }
  },

  /** With `updated_at` in the input, an edit made meanwhile by someone else is refused (409 conflict). */
  update: (reader: DomainScope, env: Env, id: number, input: AssessmentValues & { updated_at?: string }, upload: Upload | null): Promise<Assessment> => inTransaction(reader, async (r) => {
    const current = await find(r, id, { lock: true })
    await assertFresh(input.updated_at, current.updated_at, r.lang, async () => (await toAssessments(r.db, r.lang, [current]))[0])
    const pdf = upload ?? (input.pdf ? fromDataUrl(r.lang, input.pdf) : null)
    if (pdf) checkPdf(r.lang, pdf)
    const keepsOld = !pdf && !input.remove_pdf && current.pdf_file !== null
    const rules = await checkRules(r, input, pdf !== null || keepsOld, id)
    const stored = rules.display === 'pdf' && pdf ? await storeFile(env, 'assessments', pdf.bytes, 'pdf') : null
    const file = rules.display !== 'pdf' ? { pdf_file: null, pdf_name: null }
      : stored ? { pdf_file: stored, pdf_name: pdf!.name.slice(0, 255) }
      : { pdf_file: current.pdf_file, pdf_name: current.pdf_name }
    try {
      const row = await r.db.transaction(async (tx) => {
        const [row] = await tx
          .update(assessments)
          .set({ ...columns(input, rules.parent, rules.levelNames), ...file, updated_at: nextVersion(current.updated_at) })
          .where(eq(assessments.id, id))
          .returning()
        await tx.delete(assessmentLevels).where(eq(assessmentLevels.assessment_id, id))
        await tx.insert(assessmentLevels).values([...new Set(input.levels)].map((level_id) => ({ assessment_id: id, level_id })))
        return row!
      })
      if (current.pdf_file && current.pdf_file !== row.pdf_file) await removeStoredFile(env, 'assessments', current.pdf_file)
      return (await toAssessments(r.db, r.lang, [row]))[0]!
    } catch (err) {
      await removeStoredFile(env, 'assessments', stored)
      throw err
    }
  }),

  /** The stored PDF of a visible assessment. */
  async pdf(r: DomainScope, env: Env, id: number): Promise<{ bytes: Buffer; name: string }> {
    const row = await find(r, id)
    const bytes = row.pdf_file ? await readStoredFile(env, 'assessments', row.pdf_file) : null
    if (!bytes) throw HttpError.say(404, M.pdfMissing, r.lang)
    return { bytes, name: row.pdf_name || `assessment-${id}.pdf` }
  },

  async clients(r: DomainScope, id: number): Promise<number[]> {
    await find(r, id)
    const rows = await r.db.select({ id: assessmentClients.institution_id }).from(assessmentClients)
      .where(eq(assessmentClients.assessment_id, id)).orderBy(asc(assessmentClients.institution_id))
    return rows.map((x) => x.id)
  },

  /** Replaces the set of institutions that have the assessment. */
  async setClients(r: DomainScope, id: number, clients: number[]): Promise<number[]> {
    await find(r, id)
    const unique = [...new Set(clients)]
    if (unique.length) {
      const found = await r.db.select({ id: institutions.id }).from(institutions).where(inArray(institutions.id, unique))
      if (found.length !== unique.length) throw bad(r.lang, 'clients', M.clientUnknown)
    }
    await r.db.transaction(async (tx) => {
      await tx.delete(assessmentClients).where(eq(assessmentClients.assessment_id, id))
      if (unique.length) await tx.insert(assessmentClients).values(unique.map((institution_id) => ({ assessment_id: id, institution_id })))
    })
    return unique.sort((a, b) => a - b)
  },
}

/** The assessments assigned to an institution (GET /api/assessmentAsClient/{id}/); null for an unknown institution. */
export async function assessmentsOfInstitution(db: Db, lang: Lang, institutionId: number): Promise<Assessment[] | null> {
  const [known] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, institutionId))
  if (!known) return null
  const rows = await db
    .select()
    .from(assessments)
    .where(inArray(assessments.id, db.select({ id: assessmentClients.assessment_id }).from(assessmentClients).where(eq(assessmentClients.institution_id, institutionId))))
    .orderBy(asc(assessments.title), asc(assessments.id))
  return toAssessments(db, lang, rows)
}

/** GET /api/assessment-dependency/: everything the assessment form's selectors need. */
export async function assessmentDependencies(db: Db) {
  const [subs, skills, types, allowed, displays, lv] = await Promise.all([
    db.select().from(subjects).orderBy(asc(subjects.id)),
    db.select().from(skillTypes).orderBy(asc(skillTypes.id)),
    db.select().from(assessmentTypes).orderBy(asc(assessmentTypes.id)),
    db.select().from(assessmentTypeContentTypes),
    db.select().from(contentDisplayTypes).orderBy(asc(contentDisplayTypes.id)),
    db.select().from(levels).orderBy(asc(levels.sort_order), asc(levels.id)),
  ])
  const skillById = new Map(skills.map((s) => [s.id, s]))
  return {
    subjects: subs.map((s) => ({ id: s.id, code: s.code, display_name: s.display_name, arabic_display_name: s.arabic_display_name, directions_code: s.directions_code })),
    skills: skills.map((s) => ({ id: s.id, code: s.code, subject: s.subject_id, display_name: s.display_name, arabic_display_name: s.arabic_display_name })),
    assessment_types: types.map((t) => ({
      id: t.id,
      code: t.code,
      skill_type: t.skill_type_id,
      display_name: t.display_name,
      arabic_display_name: t.arabic_display_name,
      name: [{ subject: skillById.get(t.skill_type_id)?.subject_id ?? null, display_name: t.display_name }],
      assessment_type_parent: t.parent_type_id,
      content_type: allowed.filter((a) => a.assessment_type_id === t.id).map((a) => a.content_display_type_id).sort((a, b) => a - b),
    })),
    content_display_types: displays.map((d) => ({ id: d.id, code: d.code, display_name: d.display_name, arabic_display_name: d.arabic_display_name })),
    levels: lv.map((l) => ({ id: l.id, code: l.code, name: l.display_name, display_name: l.display_name, arabic_display_name: l.arabic_display_name })),
  }
}
