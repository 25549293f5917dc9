// Assessment libraries and their entries: platform content, written and read by platform admins.
// A library with isReport is also a custom report type whose id is 100 + the library id (spec §3, §9).
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { assessmentLibraries, assessmentLibraryEntries, assessments, libraryEntryAssessments, reportTemplates } from '../../db/schema/tables'
import { assertFresh, nextVersion } from '../../lib/edit-version'
import { HttpError } from '../../lib/http-error'
import { inTransaction } from '../../lib/transaction'
import type { DomainScope } from '../../domain/scope'
import { type ListParams, type ListSpec, runList } from '../../lib/list-query'
import { CODES } from '../../../shared/schemas/codes'
import {
  type AssessmentLibrary, type AssessmentLibraryEntry, reportTypeOfLibrary, switchList,
} from '../../../shared/schemas/assessment-library'
import { LIBRARY_MESSAGES as M } from './assessment-libraries.messages'


type LibraryRow = typeof assessmentLibraries.$inferSelect
type EntryRow = typeof assessmentLibraryEntries.$inferSelect

export const libraryListSpec: ListSpec = {
  columns: {
    id: assessmentLibraries.id,
    display_name: assessmentLibraries.display_name,
    isReport: assessmentLibraries.is_report,
    isGlobal: assessmentLibraries.is_global,
    switches: assessmentLibraries.switches,
    updated_at: assessmentLibraries.updated_at,
  },
  searchable: ['display_name', 'switches'],
  defaultOrdering: 'display_name',
}

export const entryListSpec: ListSpec = {
  columns: {
    id: assessmentLibraryEntries.id,
    display_name: assessmentLibraryEntries.display_name,
    description: assessmentLibraryEntries.description,
    inParentReport: assessmentLibraryEntries.in_parent_report,
  },
  searchable: ['display_name', 'description'],
  defaultOrdering: 'id',
}

async function entryCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map()
  const rows = await db.select({ id: assessmentLibraryEntries.library_id, n: count() }).from(assessmentLibraryEntries)
    .where(inArray(assessmentLibraryEntries.library_id, ids)).groupBy(assessmentLibraryEntries.library_id)
  return new Map(rows.map((r) => [r.id, Number(r.n)]))
}

async function toLibraries(db: Db, rows: LibraryRow[]): Promise<AssessmentLibrary[]> {
  const counts = await entryCounts(db, rows.map((r) => r.id))
  return rows.map((r) => ({
    id: r.id,
    display_name: r.display_name,
    isReport: r.is_report,
    isGlobal: r.is_global,
    switches: r.switches,
    switch_list: switchList(r.switches),
    report_type: r.is_report ? reportTypeOfLibrary(r.id) : null,
    entry_count: counts.get(r.id) ?? 0,
    updated_at: r.updated_at.toISOString(),
  }))
}

async function toEntries(db: Db, rows: EntryRow[]): Promise<AssessmentLibraryEntry[]> {
  const links = rows.length
    ? await db.select().from(libraryEntryAssessments).where(inArray(libraryEntryAssessments.entry_id, rows.map((r) => r.id)))
      .orderBy(asc(libraryEntryAssessments.assessment_id))
    : []
  return rows.map((r) => ({
    id: r.id,
    assessment_library: r.library_id,
    display_name: r.display_name,
    title: r.display_name,
    inParentReport: r.in_parent_report,
    description: r.description,
    assessments: links.filter((l) => l.entry_id === r.id).map((l) => l.assessment_id),
    updated_at: r.updated_at.toISOString(),
  }))
}

async function findLibrary(s: DomainScope, id: number, opts: { lock?: boolean } = {}): Promise<LibraryRow> {
  const query = s.db.select().from(assessmentLibraries).where(eq(assessmentLibraries.id, id))
  const [row] = opts.lock ? await query.for('update') : await query
  if (!row) throw HttpError.of(404, 'notFound', s.lang)
  return row
}

async function findEntry(s: DomainScope, id: number, opts: { lock?: boolean } = {}): Promise<EntryRow> {
  const query = s.db.select().from(assessmentLibraryEntries).where(eq(assessmentLibraryEntries.id, id))
  const [row] = opts.lock ? await query.for('update') : await query
  if (!row) throw HttpError.of(404, 'notFound', s.lang)
  return row
}

async function checkAssessments(s: DomainScope, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)]
  if (!unique.length) return unique
  const found = await s.db.select({ id: assessments.id }).from(assessments).where(inArray(assessments.id, unique))
  if (found.length !== unique.length) throw HttpError.say(400, M.assessmentUnknown, s.lang, 'assessments', CODES.invalidChoice)
  return unique
}

type LibraryValues = { display_name: string; isReport: boolean; isGlobal: boolean; switches: string; updated_at?: string }
type EntryValues = { display_name: string; inParentReport: boolean; description: string; assessments: number[]; updated_at?: string }

/** A library's columns from the form's (or an upload row's) values. */
export const libraryColumns = (i: LibraryValues) => ({ display_name: i.display_name, is_report: i.isReport, is_global: i.isGlobal, switches: switchList(i.switches).join(',') })

export const LIBRARY_TYPES = ['report', 'global', 'all'] as const

export const libraryService = {
  async list(s: DomainScope, params: ListParams) {
    const page = await runList(s.db, assessmentLibraries, undefined, libraryListSpec, params, (r) => r as LibraryRow)
    return { results: await toLibraries(s.db, page.results), count: page.count }
  },
  async all(s: DomainScope): Promise<AssessmentLibrary[]> {
    return toLibraries(s.db, await s.db.select().from(assessmentLibraries).orderBy(asc(assessmentLibraries.display_name), asc(assessmentLibraries.id)))
  },
  /** Libraries of a type: report (isReport, the custom report types), global (isGlobal) or all. */
  async ofType(s: DomainScope, type: string): Promise<AssessmentLibrary[]> {
    const where: SQL | undefined = type === 'report' ? eq(assessmentLibraries.is_report, true) : type === 'global' ? eq(assessmentLibraries.is_global, true) : undefined
    if (!(LIBRARY_TYPES as readonly string[]).includes(type)) throw HttpError.say(400, M.badType, s.lang)
    return toLibraries(s.db, await s.db.select().from(assessmentLibraries).where(where).orderBy(asc(assessmentLibraries.display_name), asc(assessmentLibraries.id)))
  },
  async get(s: DomainScope, id: number) {
    return (await toLibraries(s.db, [await findLibrary(s, id)]))[0]!
  },
  async create(s: DomainScope, input: LibraryValues) {
    const [row] = await s.db.insert(assessmentLibraries).values(libraryColumns(input)).returning()
    return (await toLibraries(s.db, [row!]))[0]!
  },
  /** With `updated_at` in the input, an edit made meanwhile by someone else is refused (409 conflict). */
  update: (scope: DomainScope, id: number, input: LibraryValues) => inTransaction(scope, async (s) => {
    const current = await findLibrary(s, id, { lock: true })
    await assertFresh(input.updated_at, current.updated_at, s.lang, async () => (await toLibraries(s.db, [current]))[0])
    const [row] = await s.db.update(assessmentLibraries).set({ ...libraryColumns(input), updated_at: nextVersion(current.updated_at) }).where(eq(assessmentLibraries.id, id)).returning()
    return (await toLibraries(s.db, [row!]))[0]!
  }),
  async remove(s: DomainScope, id: number) {
    await findLibrary(s, id)
    const [used] = await s.db.select({ id: reportTemplates.id }).from(reportTemplates).where(eq(reportTemplates.library_id, id)).limit(1)
    if (used) throw HttpError.say(409, M.inUse, s.lang)
    await s.db.delete(assessmentLibraries).where(eq(assessmentLibraries.id, id))
  },

  async entries(s: DomainScope, libraryId: number, params: ListParams) {
    await findLibrary(s, libraryId)
    const page = await runList(s.db, assessmentLibraryEntries, eq(assessmentLibraryEntries.library_id, libraryId), entryListSpec, params, (r) => r as EntryRow)
    return { results: await toEntries(s.db, page.results), count: page.count }
  },
  async allEntries(s: DomainScope): Promise<AssessmentLibraryEntry[]> {
    return toEntries(s.db, await s.db.select().from(assessmentLibraryEntries).orderBy(asc(assessmentLibraryEntries.library_id), asc(assessmentLibraryEntries.id)))
  },
  async getEntry(s: DomainScope, id: number) {
    return (await toEntries(s.db, [await findEntry(s, id)]))[0]!
  },
  async createEntry(s: DomainScope, libraryId: number, input: EntryValues) {
    const [library] = await s.db.select({ id: assessmentLibraries.id }).from(assessmentLibraries).where(eq(assessmentLibraries.id, libraryId))
    if (!library) throw HttpError.say(400, M.libraryUnknown, s.lang, 'assessment_library', CODES.invalidChoice)
    const ids = await checkAssessments(s, input.assessments)
    const row = await s.db.transaction(async (tx) => {
      const [row] = await tx.insert(assessmentLibraryEntries).values({
        library_id: libraryId, display_name: input.display_name, in_parent_report: input.inParentReport, description: input.description,
      }).returning()
      if (ids.length) await tx.insert(libraryEntryAssessments).values(ids.map((assessment_id) => ({ entry_id: row!.id, assessment_id })))
      return row!
    })
    return (await toEntries(s.db, [row]))[0]!
  },
  updateEntry: (scope: DomainScope, id: number, input: EntryValues) => inTransaction(scope, async (s) => {
    const current = await findEntry(s, id, { lock: true })
    await assertFresh(input.updated_at, current.updated_at, s.lang, async () => (await toEntries(s.db, [current]))[0])
    const ids = await checkAssessments(s, input.assessments)
    const [row] = await s.db.update(assessmentLibraryEntries).set({
      display_name: input.display_name, in_parent_report: input.inParentReport, description: input.description, updated_at: nextVersion(current.updated_at),
    }).where(eq(assessmentLibraryEntries.id, id)).returning()
    await s.db.delete(libraryEntryAssessments).where(eq(libraryEntryAssessments.entry_id, id))
    if (ids.length) await s.db.insert(libraryEntryAssessments).values(ids.map((assessment_id) => ({ entry_id: id, assessment_id })))
    return (await toEntries(s.db, [row!]))[0]!
  }),
  async removeEntry(s: DomainScope, id: number) {
    await findEntry(s, id)
    await s.db.delete(assessmentLibraryEntries).where(and(eq(assessmentLibraryEntries.id, id)))
  },
}
