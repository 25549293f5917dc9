// Which academic year a call without one means.
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { academicYears } from '../db/schema/tables'

/**
 * The active year with the latest name, else the latest year (the year selector's default order,
 * -display_name). Null when the institution has no year yet.
 */
export async function currentYear(s: { db: Db; institutionId: number }) {
  const [year] = await s.db.select().from(academicYears).where(eq(academicYears.institution_id, s.institutionId))
    .orderBy(desc(academicYears.is_active), desc(academicYears.display_name), desc(academicYears.id)).limit(1)
  return year ?? null
}
