// Grades and sections are the same kind of thing: a per-school catalog of identifier + display_name
// that classes refer to. One service serves both; the data layer scopes every query to the institution
// and school, so no handler can forget it.
import { and, eq, getTableName, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { classes, type grades, type sections } from '../../db/schema/tables'
import { assertFresh, nextVersion } from '../../lib/edit-version'
import { HttpError } from '../../lib/http-error'
import type { MessageKey } from '../../lib/messages'
import { inSchool, type ListParams, type ListSpec, runList } from '../../lib/list-query'
import type { InstitutionScope } from '../../domain/scope'

type CatalogTable = typeof grades | typeof sections
export type CatalogInput = { identifier: string; display_name: string; updated_at?: string }
export type CatalogRow = {
  id: number
  school_id: number
  identifier: string
  display_name: string
  is_deletable: boolean
  updated_at: string
}

export type CatalogConfig = {
  table: CatalogTable
  /** The classes column that refers to this catalog. */
  usedBy: typeof classes.grade_id | typeof classes.section_id
  inUseMessage: MessageKey
}

export function createCatalogService({ table, usedBy, inUseMessage }: CatalogConfig) {
  const scoped = (s: InstitutionScope, schoolId: number) => and(eq(table.institution_id, s.institution.id), eq(table.school_id, schoolId))

  async function usedIds(s: InstitutionScope, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set()
    const rows = await s.db
      .selectDistinct({ id: usedBy })
      .from(classes)
      .where(and(eq(classes.institution_id, s.institution.id), inArray(usedBy, ids)))
    return new Set(rows.map((r) => r.id).filter((id): id is number => id !== null))
  }

  function toRow(r: typeof table.$inferSelect, used: Set<number>): CatalogRow {
    return {
      id: r.id,
      school_id: r.school_id,
      identifier: r.identifier,
      display_name: r.display_name,
      is_deletable: !used.has(r.id),
      updated_at: r.updated_at.toISOString(),
    }
  }

  async function find(s: InstitutionScope, schoolId: number, id: number) {
    const [row] = await s.db.select().from(table).where(and(scoped(s, schoolId), eq(table.id, id)))
    if (!row) throw HttpError.of(404, 'notFound', s.lang)
    return row
  }

  async function assertUniqueIdentifier(s: InstitutionScope, schoolId: number, identifier: string, exceptId?: number) {
    const [clash] = await s.db
      .select({ id: table.id })
      .from(table)
      .where(and(scoped(s, schoolId), sql`lower(${table.identifier}) = ${identifier.toLowerCase()}`, exceptId ? sql`${table.id} <> ${exceptId}` : undefined))
    if (clash) throw HttpError.field(409, 'identifier', 'duplicateIdentifier', s.lang)
  }

  /**
   * Runs a write in a transaction holding a lock on this catalog of this school, so the identifier check
   * and the optimistic updated_at check cannot interleave with a concurrent write (a double submit
   * would otherwise create two rows with one identifier, or two edits from one version both win).
   */
  const lockName = `catalog:${getTableName(table)}`
  function exclusive<T>(s: InstitutionScope, schoolId: number, fn: (s: InstitutionScope) => Promise<T>): Promise<T> {
    return s.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockName}), ${schoolId}::int)`)
      return fn({ ...s, db: tx as unknown as Db })
    })
  }

  const listSpec: ListSpec = {
    columns: { id: table.id, identifier: table.identifier, display_name: table.display_name, updated_at: table.updated_at },
    searchable: ['identifier', 'display_name'],
    defaultOrdering: 'identifier',
  }

  // Drizzle writes a one-table select's columns without their table ("id"), which inside this sub-query would
  // name classes.id: both sides are named in full here.
  const inUse = () => ({
    in_use: sql<boolean>`exists (select 1 from ${classes} where ${classes}.${sql.identifier(usedBy.name)} = ${table}.${sql.identifier(table.id.name)})`,
  })

  return {
    listSpec,
    async list(s: InstitutionScope, schoolId: number, params: ListParams) {
      // Whether each row is in use comes with the page (one statement, ADR 0101), built once (ADR 0107).
      const page = await runList(s.db, table, inSchool(table, s.institution.id, schoolId, inUse), listSpec, params, (r) => r as typeof table.$inferSelect & { in_use: boolean })
      return { results: page.results.map((r) => toRow(r, r.in_use ? new Set([r.id]) : new Set())), count: page.count }
    },
    async get(s: InstitutionScope, schoolId: number, id: number) {
      const row = await find(s, schoolId, id)
      return toRow(row, await usedIds(s, [id]))
    },
    create: (scope: InstitutionScope, schoolId: number, input: CatalogInput) => exclusive(scope, schoolId, async (s) => {
      await assertUniqueIdentifier(s, schoolId, input.identifier)
      const [row] = await s.db
        .insert(table)
        .values({ institution_id: s.institution.id, school_id: schoolId, identifier: input.identifier, display_name: input.display_name })
        .returning()
      return toRow(row!, new Set())
    }),
    /** With `updated_at` in the input, an edit made meanwhile by someone else is refused (409) rather than overwritten. */
    update: (scope: InstitutionScope, schoolId: number, id: number, input: CatalogInput) => exclusive(scope, schoolId, async (s) => {
      const current = await find(s, schoolId, id)
      await assertFresh(input.updated_at, current.updated_at, s.lang, async () => toRow(current, await usedIds(s, [id])))
      await assertUniqueIdentifier(s, schoolId, input.identifier, id)
      const [row] = await s.db
        .update(table)
        .set({ identifier: input.identifier, display_name: input.display_name, updated_at: nextVersion(current.updated_at) })
        .where(and(scoped(s, schoolId), eq(table.id, id)))
        .returning()
      return toRow(row!, await usedIds(s, [id]))
    }),
    async remove(s: InstitutionScope, schoolId: number, id: number) {
      await find(s, schoolId, id)
      if ((await usedIds(s, [id])).size > 0) throw HttpError.of(409, inUseMessage, s.lang)
      await s.db.delete(table).where(and(scoped(s, schoolId), eq(table.id, id)))
    },
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>
