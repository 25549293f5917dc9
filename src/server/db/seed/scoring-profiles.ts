// The built-in scoring profiles (src/shared/reports/scoring-profile.ts) as rows every institution sees. A profile
// missing is inserted at its current version; a profile whose code carries a newer version gets that version
// added beside the old ones and becomes it. A stored version is never rewritten: a sitting scored
// with one must keep meaning it.
import { eq, isNull } from 'drizzle-orm'
import { BUILT_IN_PROFILES } from '../../../shared/reports/scoring-profile'
import type { Db } from '../client'
import { scoringProfiles, scoringProfileVersions } from '../schema/sittings'

export async function ensureScoringProfiles(db: Db): Promise<void> {
  const existing = new Map((await db.select({ id: scoringProfiles.id, code: scoringProfiles.code, version: scoringProfiles.version }).from(scoringProfiles)
    .where(isNull(scoringProfiles.institution_id))).map((r) => [r.code, r]))
  for (const { code, display_name, arabic_display_name, version, rules } of BUILT_IN_PROFILES) {
    const profile = { code, display_name, arabic_display_name, version, rules }
    const stored = existing.get(profile.code)
    if (stored && stored.version >= profile.version) continue
    await db.transaction(async (tx) => {
      if (stored) {
        await tx.update(scoringProfiles).set({ ...profile, updated_at: new Date() }).where(eq(scoringProfiles.id, stored.id))
        await tx.insert(scoringProfileVersions).values({ profile_id: stored.id, version: profile.version, rules: profile.rules }).onConflictDoNothing()
        return
      }
      const [row] = await tx.insert(scoringProfiles).values({ ...profile, institution_id: null }).onConflictDoNothing().returning({ id: scoringProfiles.id })
      if (row) await tx.insert(scoringProfileVersions).values({ profile_id: row.id, version: profile.version, rules: profile.rules })
    })
  }
}
