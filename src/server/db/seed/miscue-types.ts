// The default miscue taxonomy (src/shared/reports/miscue-types.ts) as rows every institution sees.
// Inserted when missing, never overwritten: a platform admin's later edits stay.
import { isNull } from 'drizzle-orm'
import { DEFAULT_CUE_CATEGORIES } from '../../../shared/reports/cue-categories'
import { DEFAULT_MISCUE_TYPES } from '../../../shared/reports/miscue-types'
import type { Db } from '../client'
import { cueCategories, miscueTypes } from '../schema/sittings'

export async function ensureMiscueTypes(db: Db): Promise<void> {
  const existing = new Set((await db.select({ code: miscueTypes.code }).from(miscueTypes).where(isNull(miscueTypes.institution_id))).map((r) => r.code))
  const missing = DEFAULT_MISCUE_TYPES.filter((t) => !existing.has(t.code))
  if (missing.length) await db.insert(miscueTypes).values(missing.map((t) => ({ ...t, institution_id: null }))).onConflictDoNothing()
  await ensureCueCategories(db)
}

/** The cue categories of the miscue analysis (ADR 0121), part of the same taxonomy. */
async function ensureCueCategories(db: Db): Promise<void> {
  const existing = new Set((await db.select({ code: cueCategories.code }).from(cueCategories).where(isNull(cueCategories.institution_id))).map((r) => r.code))
  const missing = DEFAULT_CUE_CATEGORIES.filter((c) => !existing.has(c.code))
  if (missing.length) await db.insert(cueCategories).values(missing.map((c) => ({ ...c, institution_id: null }))).onConflictDoNothing()
}
