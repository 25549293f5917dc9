// A sitting's audit trail (ADR 0123), read with the sitting report: every change since it was recorded, oldest first.
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sittingVersions } from '../../db/schema/sittings'
import type { SittingChangeKind, SittingVersion } from '../../../shared/schemas/sitting-version'

export async function sittingTrail(db: Db, sittingId: number): Promise<SittingVersion[]> {
  const rows = await db.select().from(sittingVersions).where(eq(sittingVersions.sitting_id, sittingId)).orderBy(asc(sittingVersions.version))
  return rows.map((r) => ({
    version: r.version, kind: r.kind as SittingChangeKind, made_by: r.made_by, made_by_name: r.made_by_name, made_at: r.made_at.toISOString(),
    reason: r.reason, before: r.before, after: r.after,
  }))
}
