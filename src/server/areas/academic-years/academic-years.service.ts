import { and, eq, inArray, sql } from 'drizzle-orm'
import type { InstitutionScope } from '../../domain/scope'
import { academicYears, studentClassRelations } from '../../db/schema/tables'
import { assertFresh, nextVersion } from '../../lib/edit-version'
import { HttpError } from '../../lib/http-error'
import { inInstitution, type ListParams, type ListSpec, runList } from '../../lib/list-query'
import { inTransaction } from '../../lib/transaction'
import type { AcademicYear } from '../../../shared/schemas/academic-year'
import { assertNoSittings, withSittings } from '../../domain/sitting-evidence'

export const YEAR_MESSAGES = {
  inUse: { en: 'This academic year cannot be deleted because students are enrolled in it', ar: 'لا يمكن حذف هذه السنة الدراسية لأن فيها طلابًا مسجلين' },
  duplicate: { en: 'This academic year already exists', ar: 'هذه السنة الدراسية موجودة بالفعل' },
  readOnly: { en: 'Your role can view academic years but not add them.', ar: 'يمكن لدورك عرض السنوات الدراسية دون إضافتها.' },
}

type YearRow = typeof academicYears.$inferSelect

export const yearListSpec: ListSpec = {
  columns: { id: academicYears.id, display_name: academicYears.display_name, is_active: academicYears.is_active },
  searchable: ['display_name'],
  defaultOrdering: '-display_name',
}

/** Years that students are enrolled in or reading records were made in: not deletable. */
async function inUse(s: InstitutionScope, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set()
  const [rows, recorded] = await Promise.all([
    s.db
      .selectDistinct({ id: studentClassRelations.academic_year_id })
      .from(studentClassRelations)
      .where(inArray(studentClassRelations.academic_year_id, ids)),
    withSittings(s.db, 'academicYear', ids),
  ])
  return new Set([...rows.map((r) => r.id), ...recorded])
}

const toYear = (r: YearRow, used: Set<number>): AcademicYear => ({
  id: r.id,
  display_name: r.display_name,
  is_active: r.is_active,
  is_deletable: !used.has(r.id),
  updated_at: r.updated_at.toISOString(),
})

const mine = (s: InstitutionScope) => eq(academicYears.institution_id, s.institution.id)

async function find(s: InstitutionScope, id: number, opts: { lock?: boolean } = {}) {
  const query = s.db.select().from(academicYears).where(and(mine(s), eq(academicYears.id, id)))
  const [row] = opts.lock ? await query.for('update') : await query
  if (!row) throw HttpError.of(404, 'notFound', s.lang)
  return row
}

async function assertUnique(s: InstitutionScope, name: string, exceptId?: number) {
  const [clash] = await s.db
    .select({ id: academicYears.id })
    .from(academicYears)
    .where(and(mine(s), eq(academicYears.display_name, name), exceptId ? sql`${academicYears.id} <> ${exceptId}` : undefined))
  if (clash) throw HttpError.say(409, YEAR_MESSAGES.duplicate, s.lang, 'display_name', 'duplicate')
}

type YearValues = { display_name: string; is_active: boolean; updated_at?: string }

export const academicYearService = {
  async list(s: InstitutionScope, params: ListParams) {
    const page = await runList(s.db, academicYears, inInstitution(academicYears, s.institution.id), yearListSpec, params, (r) => r as YearRow)
    const used = await inUse(s, page.results.map((r) => r.id))
    return { results: page.results.map((r) => toYear(r, used)), count: page.count }
  },
  async get(s: InstitutionScope, id: number) {
    return toYear(await find(s, id), await inUse(s, [id]))
  },
  async create(s: InstitutionScope, input: YearValues) {
    await assertUnique(s, input.display_name)
    const [row] = await s.db.insert(academicYears).values({ institution_id: s.institution.id, display_name: input.display_name, is_active: input.is_active }).returning()
    return toYear(row!, new Set())
  },
  /** With `updated_at` in the input, an edit made meanwhile by someone else is refused (409 conflict). */
  update: (scope: InstitutionScope, id: number, input: YearValues) => inTransaction(scope, async (s) => {
    const current = await find(s, id, { lock: true })
    await assertFresh(input.updated_at, current.updated_at, s.lang, async () => toYear(current, await inUse(s, [id])))
    await assertUnique(s, input.display_name, id)
    const [row] = await s.db
      .update(academicYears)
      .set({ display_name: input.display_name, is_active: input.is_active, updated_at: nextVersion(current.updated_at) })
      .where(and(mine(s), eq(academicYears.id, id)))
      .returning()
    return toYear(row!, await inUse(s, [id]))
  }),
  async remove(s: InstitutionScope, id: number) {
    await find(s, id)
    await assertNoSittings(s.db, 'academicYear', id, s.lang)
    if ((await inUse(s, [id])).size) throw HttpError.say(409, YEAR_MESSAGES.inUse, s.lang)
    await s.db.delete(academicYears).where(and(mine(s), eq(academicYears.id, id)))
  },
}
