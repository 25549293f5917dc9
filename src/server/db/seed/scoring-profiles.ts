// The built-in scoring profiles (src/shared/reports/scoring-profile.ts) as rows every institution sees, each
// with its version 1. Inserted when missing, never overwritten: a sitting scored with one must keep meaning it.
import { isNull } from 'drizzle-orm'
import { BUILT_IN_PROFILES } from '../../../shared/reports/scoring-profile'
import type { Db } from '../client'
import { scoringProfiles, scoringProfileVersions } from '../schema/sittings'

export async function ensureScoringProfiles(db: Db): Promise<void> {
  const existing = new Set((await db.select({ code: scoringProfiles.code }).from(scoringProfiles).where(isNull(scoringProfiles.institution_id))).map((r) => r.code))
  for (const profile of BUILT_IN_PROFILES.filter((p) => !existing.has(p.code))) {
    await db.transaction(async (tx) => {
      const [row] = await tx.insert(scoringProfiles).values({ ...profile, institution_id: null, version: 1 }).onConflictDoNothing().returning({ id: scoringProfiles.id })
      if (row) await tx.insert(scoringProfileVersions).values({ profile_id: row.id, version: 1, rules: profile.rules })
    })
  }
}
