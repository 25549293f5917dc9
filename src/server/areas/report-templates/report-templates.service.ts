// Report templates: platform admins write them; platform and institution admins read them (permission table).
// A template names a library, a report type (1, 2, 6 or 100 + a report library's id), a scope and its entries.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { Env } from '../../env'
import { assessmentLibraries, assessmentLibraryEntries, reportTemplateEntries, reportTemplates, users } from '../../db/schema/tables'
import { assertFresh, nextVersion } from '../../lib/edit-version'
import { HttpError } from '../../lib/http-error'
import { inTransaction } from '../../lib/transaction'
import type { DomainScope } from '../../domain/scope'
import { readStoredFile, removeStoredFile, storeFile } from '../../lib/files'
import { type ListParams, type ListSpec, runList } from '../../lib/list-query'
import { CODES } from '../../../shared/schemas/codes'
import { REPORT_TYPES, libraryOfReportType, switchList } from '../../../shared/schemas/assessment-library'
import type { ReportTemplate, ReportTemplateEntry } from '../../../shared/schemas/report-template'
import { TEMPLATE_MESSAGES as M } from './report-templates.messages'

type Row = typeof reportTemplates.$inferSelect

export const templateListSpec: ListSpec = {
  columns: {
    id: reportTemplates.id,
    name: reportTemplates.name,
    title: reportTemplates.title,
    reportType: reportTemplates.report_type,
    reportScope: reportTemplates.report_scope,
    switches: reportTemplates.switches,
    updated_at: reportTemplates.updated_at,
  },
  searchable: ['name', 'title', 'switches'],
  defaultOrdering: 'name',
}

export const templateEntryListSpec: ListSpec = {
  columns: { id: reportTemplateEntries.id, display_name: reportTemplateEntries.display_name, position: reportTemplateEntries.position },
  searchable: ['display_name'],
  defaultOrdering: 'position',
}

const BUILT_IN = Object.values(REPORT_TYPES) as number[]

function toEntry(e: typeof reportTemplateEntries.$inferSelect): ReportTemplateEntry {
  return { id: e.id, template: e.template_id, display_name: e.display_name, assessment_library_entry: e.library_entry_id, position: e.position }
}

async function toTemplates(db: Db, rows: Row[]): Promise<ReportTemplate[]> {
  const ids = rows.map((r) => r.id)
  const [entries, libs] = await Promise.all([
    ids.length ? db.select().from(reportTemplateEntries).where(inArray(reportTemplateEntries.template_id, ids)).orderBy(asc(reportTemplateEntries.position), asc(reportTemplateEntries.id)) : [],
    rows.length ? db.select({ id: assessmentLibraries.id, name: assessmentLibraries.display_name }).from(assessmentLibraries).where(inArray(assessmentLibraries.id, rows.map((r) => r.library_id))) : [],
  ])
  const libName = new Map(libs.map((l) => [l.id, l.name]))
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    title: r.title,
    assessmentLibrary: r.library_id,
    assessmentLibrary_name: libName.get(r.library_id) ?? '',
    reportType: r.report_type,
    reportScope: r.report_scope,
    switches: r.switches,
    switch_list: switchList(r.switches),
    savedFileName: r.saved_file ? fileNameOf(r) : null,
    saved_file_url: r.saved_file ? `/api/downloadS3/${r.id}/` : null,
    entries: entries.filter((e) => e.template_id === r.id).map(toEntry),
    is_deletable: true,
    updated_at: r.updated_at.toISOString(),
  }))
}

/** The download name of a template's file. */
export function fileNameOf(r: { id: number; name: string }): string {
  const safe = r.name.replace(/[\\/:*?"<>|]+/g, ' ').trim().slice(0, 80) || 'report-template'
  return `${safe}-${r.id}.xlsx`
}

async function find(s: DomainScope, id: number, opts: { lock?: boolean } = {}): Promise<Row> {
  const query = s.db.select().from(reportTemplates).where(eq(reportTemplates.id, id))
  const [row] = opts.lock ? await query.for('update') : await query
  if (!row) throw HttpError.of(404, 'notFound', s.lang)
  return row
}

type TemplateValues = {
  name: string
  title: string
  assessmentLibrary: number
  reportType: number
  reportScope: number
  switches: string
  entries: { display_name: string; assessment_library_entry: number | null }[]
}

async function checkRules(s: DomainScope, input: TemplateValues): Promise<void> {
  const [library] = await s.db.select().from(assessmentLibraries).where(eq(assessmentLibraries.id, input.assessmentLibrary))
  if (!library) throw HttpError.say(400, M.libraryUnknown, s.lang, 'assessmentLibrary', CODES.invalidChoice)
  const reportLibrary = libraryOfReportType(input.reportType)
  if (reportLibrary === null) {
    if (!BUILT_IN.includes(input.reportType)) throw HttpError.say(400, M.reportTypeUnknown, s.lang, 'reportType', CODES.invalidChoice)
  } else {
    const [lib] = await s.db.select({ id: assessmentLibraries.id }).from(assessmentLibraries)
      .where(and(eq(assessmentLibraries.id, reportLibrary), eq(assessmentLibraries.is_report, true)))
    if (!lib) throw HttpError.say(400, M.reportTypeUnknown, s.lang, 'reportType', CODES.invalidChoice)
  }
  const entryIds = [...new Set(input.entries.map((e) => e.assessment_library_entry).filter((x): x is number => x !== null))]
  if (entryIds.length) {
    const found = await s.db.select({ id: assessmentLibraryEntries.id }).from(assessmentLibraryEntries)
      .where(and(inArray(assessmentLibraryEntries.id, entryIds), eq(assessmentLibraryEntries.library_id, input.assessmentLibrary)))
    if (found.length !== entryIds.length) throw HttpError.say(400, M.entryNotOfLibrary, s.lang, 'entries', CODES.invalidChoice)
  }
}

/** A template's columns from the form's (or an upload row's) values. */
export const templateColumns = (i: Omit<TemplateValues, 'entries'>) => ({
  name: i.name, title: i.title, library_id: i.assessmentLibrary, report_type: i.reportType, report_scope: i.reportScope, switches: switchList(i.switches).join(','),
})

export const templateService = {
  async list(s: DomainScope, params: ListParams) {
    const page = await runList(s.db, reportTemplates, undefined, templateListSpec, params, (r) => r as Row)
    return { results: await toTemplates(s.db, page.results), count: page.count }
  },
  async all(s: DomainScope) {
    return toTemplates(s.db, await s.db.select().from(reportTemplates).orderBy(asc(reportTemplates.name), asc(reportTemplates.id)))
  },
  async ofType(s: DomainScope, reportType: number) {
    return toTemplates(s.db, await s.db.select().from(reportTemplates).where(eq(reportTemplates.report_type, reportType)).orderBy(asc(reportTemplates.name), asc(reportTemplates.id)))
  },
  async get(s: DomainScope, id: number) {
    return (await toTemplates(s.db, [await find(s, id)]))[0]!
  },
  async entries(s: DomainScope, id: number, params: ListParams) {
    await find(s, id)
    const page = await runList(s.db, reportTemplateEntries, eq(reportTemplateEntries.template_id, id), templateEntryListSpec, params, (r) => toEntry(r as typeof reportTemplateEntries.$inferSelect))
    return page
  },
  async entry(s: DomainScope, id: number) {
    const [row] = await s.db.select().from(reportTemplateEntries).where(eq(reportTemplateEntries.id, id))
    if (!row) throw HttpError.of(404, 'notFound', s.lang)
    return toEntry(row)
  },
  async create(s: DomainScope, input: TemplateValues) {
    await checkRules(s, input)
    const row = await s.db.transaction(async (tx) => {
      const [row] = await tx.insert(reportTemplates).values(templateColumns(input)).returning()
      if (input.entries.length) {
        await tx.insert(reportTemplateEntries).values(input.entries.map((e, position) => ({ template_id: row!.id, display_name: e.display_name, library_entry_id: e.assessment_library_entry, position })))
      }
      return row!
    })
    return (await toTemplates(s.db, [row]))[0]!
  },
  /** Saves the template and replaces its entries with the ones sent. */
  update: (scope: DomainScope, id: number, input: TemplateValues & { updated_at?: string }) => inTransaction(scope, async (s) => {
    const current = await find(s, id, { lock: true })
    await assertFresh(input.updated_at, current.updated_at, s.lang, async () => (await toTemplates(s.db, [current]))[0])
    await checkRules(s, input)
    const [row] = await s.db.update(reportTemplates).set({ ...templateColumns(input), updated_at: nextVersion(current.updated_at) }).where(eq(reportTemplates.id, id)).returning()
    await s.db.delete(reportTemplateEntries).where(eq(reportTemplateEntries.template_id, id))
    if (input.entries.length) {
      await s.db.insert(reportTemplateEntries).values(input.entries.map((e, position) => ({ template_id: id, display_name: e.display_name, library_entry_id: e.assessment_library_entry, position })))
    }
    return (await toTemplates(s.db, [row!]))[0]!
  }),
  async remove(s: DomainScope, env: Env, id: number) {
    const row = await find(s, id)
    await s.db.delete(reportTemplates).where(eq(reportTemplates.id, id))
    await removeStoredFile(env, 'report-templates', row.saved_file)
  },
  /**
   * A template goes by mail only to the caller or an active user of the host's institution (platform staff
   * on the platform host): never to an outside address, so the call cannot mail anyone at will (ADR 0114).
   */
  async assertRecipient(s: DomainScope, to: string) {
    if (to === s.user.email.toLowerCase()) return
    const institutionId = s.institution?.id ?? null
    const [user] = await s.db.select({ id: users.id }).from(users).where(and(
      institutionId === null ? isNull(users.institution_id) : eq(users.institution_id, institutionId),
      eq(users.is_active, true),
      sql`lower(${users.email}) = ${to}`,
    )).limit(1)
    if (!user) throw HttpError.say(400, M.recipientNotUser, s.lang, 'email', 'not_a_user')
  },
  /**
   * Keeps the generated file as the template's saved file. A file equal to the saved one stores nothing; a
   * changed one replaces it only if no other call replaced it first (the loser removes its own copy), so a
   * template keeps one stored file however often, and however many at once, it is downloaded or mailed.
   */
  async saveFile(s: DomainScope, env: Env, id: number, bytes: Uint8Array) {
    const row = await find(s, id)
    const saved = row.saved_file ? await readStoredFile(env, 'report-templates', row.saved_file) : null
    if (saved?.equals(bytes)) return
    const name = await storeFile(env, 'report-templates', bytes, 'xlsx')
    const [replaced] = await s.db.update(reportTemplates).set({ saved_file: name })
      .where(and(eq(reportTemplates.id, id), row.saved_file === null ? isNull(reportTemplates.saved_file) : eq(reportTemplates.saved_file, row.saved_file)))
      .returning({ id: reportTemplates.id })
    await removeStoredFile(env, 'report-templates', replaced ? row.saved_file : name)
  },
  async savedFile(s: DomainScope, env: Env, id: number): Promise<{ bytes: Buffer; name: string }> {
    const row = await find(s, id)
    const bytes = row.saved_file ? await readStoredFile(env, 'report-templates', row.saved_file) : null
    if (!bytes) throw HttpError.say(404, M.noSavedFile, s.lang)
    return { bytes, name: fileNameOf(row) }
  },
}
