// Removing a sitting (ADR 0112): the only way a reading record goes. The removal keeps who, when and why with
// the sitting's row as it was; the marks go with the sitting, and so does its audio, removed from the file
// store before the transaction commits, so a stored recording never outlives its sitting.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sittingRemovals, sittings } from '../../db/schema/sittings'
import { removeStoredFile } from '../../lib/files'
import { HttpError } from '../../lib/http-error'
import type { SittingRemoval } from '../../../shared/schemas/sitting-removal'
import type { InstitutionScope } from '../../domain/scope'
import type { Env } from '../../env'

type RemovalRow = typeof sittingRemovals.$inferSelect

function toRemoval(r: RemovalRow): SittingRemoval {
  return {
    id: r.id,
    sitting_id: r.sitting_id,
    student_id: r.student_id,
    school_id: r.school_id,
    removed_by: r.removed_by,
    removed_by_name: r.removed_by_name,
    removed_at: r.removed_at.toISOString(),
    reason: r.reason,
    audio_removed: r.audio_file !== null,
  }
}

/** Removes the sitting of this school and class, recording who removed it and why; 404 when there is none. */
export async function removeSitting(s: InstitutionScope, env: Env, id: number, where: { schoolId: number; classId: number }, reason: string): Promise<SittingRemoval> {
  const removal = await s.db.transaction(async (rawTx) => {
    const tx = rawTx as unknown as Db
    const [row] = await tx.select().from(sittings).where(and(
      eq(sittings.id, id), eq(sittings.institution_id, s.institution.id), eq(sittings.school_id, where.schoolId), eq(sittings.class_id, where.classId),
    )).for('update')
    if (!row) throw HttpError.of(404, 'notFound', s.lang)
    const [made] = await tx.insert(sittingRemovals).values({
      institution_id: row.institution_id,
      school_id: row.school_id,
      student_id: row.student_id,
      sitting_id: row.id,
      sitting: JSON.parse(JSON.stringify(row)) as Record<string, unknown>,
      audio_file: row.audio_file,
      removed_by: s.user.id,
      removed_by_name: `${s.user.first_name} ${s.user.last_name} <${s.user.email}>`,
      reason,
    }).returning()
    await tx.delete(sittings).where(eq(sittings.id, row.id))
    // Last, so a store that refuses rolls the removal back and the call can be retried.
    await removeStoredFile(env, 'sittings', row.audio_file)
    return made!
  })
  return toRemoval(removal)
}
