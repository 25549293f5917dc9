// How an institution's sittings are marked and scored (ADR 0091): its taxonomy (the defaults, with its own rows
// replacing them by code) and its scoring profiles (built in or its own, one chosen per passage language).
// One place for the rule, read by recording (sittings), the capture kit and the scoring settings.
import { and, asc, eq, isNull, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import { cueCategories, institutionScoringProfiles, miscueTypes, scoringProfiles, scoringProfileVersions } from '../db/schema/sittings'
import { DEFAULT_PROFILE_CODE, PASSAGE_LANGUAGES, rulesOf } from '../../shared/reports/scoring-profile'
import type { PassageLanguage, ProfileVersion, ScoringProfile, ScoringRules, ScoringSettings } from '../../shared/reports/scoring-profile'
import type { MiscueLanguage, ScoringClass } from '../../shared/reports/miscue-types'
import type { CueCategory, MiscueType } from '../../shared/schemas/scoring'

type MiscueRow = typeof miscueTypes.$inferSelect

export function miscueTypeOf(r: MiscueRow): MiscueType {
  return {
    id: r.id, code: r.code, display_name: r.display_name, arabic_display_name: r.arabic_display_name, color_code: r.color_code,
    counts_as_error: r.counts_as_error, sort_order: r.sort_order, language: (r.language as MiscueLanguage) ?? null,
    scoring_class: (r.scoring_class as ScoringClass) ?? null, active: r.active, own: r.institution_id !== null,
    updated_at: r.updated_at.toISOString(),
  }
}

/** The miscue types an institution sees: the defaults, each replaced by the institution's row of the same code, plus its own. */
export async function miscueTypesOf(db: Db, institutionId: number): Promise<MiscueType[]> {
  const rows = await db
    .select()
    .from(miscueTypes)
    .where(or(isNull(miscueTypes.institution_id), eq(miscueTypes.institution_id, institutionId)))
    .orderBy(asc(miscueTypes.sort_order), asc(miscueTypes.id))
  const byCode = new Map<string, MiscueType>()
  for (const r of rows.sort((a, b) => (a.institution_id === null ? 0 : 1) - (b.institution_id === null ? 0 : 1))) byCode.set(r.code, miscueTypeOf(r))
  return [...byCode.values()].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id)
}

export type CueCategoryRow = typeof cueCategories.$inferSelect

/** The active cue categories an institution codes marks with: the defaults, each replaced by its row of the same code, plus its own. */
export async function cueCategoriesOf(db: Db, institutionId: number): Promise<CueCategory[]> {
  return visibleCueCategories(await db.select().from(cueCategories)
    .where(or(isNull(cueCategories.institution_id), eq(cueCategories.institution_id, institutionId))))
}

/** The same from the default rows and the institution's own, read elsewhere (a report reads them with its figures). */
export function visibleCueCategories(rows: readonly CueCategoryRow[]): CueCategory[] {
  const byCode = new Map<string, CueCategoryRow>()
  for (const r of [...rows].sort((a, b) => (a.institution_id === null ? 0 : 1) - (b.institution_id === null ? 0 : 1))) byCode.set(r.code, r)
  return [...byCode.values()].filter((r) => r.active).sort((a, b) => a.sort_order - b.sort_order || a.id - b.id).map((r) => ({
    id: r.id, code: r.code, display_name: r.display_name, arabic_display_name: r.arabic_display_name, short_name: r.short_name,
    arabic_short_name: r.arabic_short_name, sort_order: r.sort_order, language: (r.language as MiscueLanguage) ?? null,
  }))
}

type ProfileRow = typeof scoringProfiles.$inferSelect

export function scoringProfileOf(r: ProfileRow): ScoringProfile {
  return {
    id: r.id, code: r.code, display_name: r.display_name, arabic_display_name: r.arabic_display_name, built_in: r.institution_id === null,
    version: r.version, rules: rulesOf(r.rules), updated_at: r.updated_at.toISOString(),
  }
}

/** A profile the institution may use (built in, or its own), or null. */
export async function visibleProfile(db: Db, institutionId: number, id: number): Promise<ProfileRow | null> {
  const [row] = await db.select().from(scoringProfiles)
    .where(and(eq(scoringProfiles.id, id), or(isNull(scoringProfiles.institution_id), eq(scoringProfiles.institution_id, institutionId))))
  return row ?? null
}

/** The built-in profiles and the institution's own, and the one chosen for each passage language. */
export async function scoringSettingsOf(db: Db, institutionId: number): Promise<ScoringSettings> {
  const rows = await db.select().from(scoringProfiles)
    .where(or(isNull(scoringProfiles.institution_id), eq(scoringProfiles.institution_id, institutionId)))
    .orderBy(asc(scoringProfiles.id))
  const profiles = rows.sort((a, b) => (a.institution_id === null ? 0 : 1) - (b.institution_id === null ? 0 : 1) || a.id - b.id).map(scoringProfileOf)
  const chosen = await db.select().from(institutionScoringProfiles).where(eq(institutionScoringProfiles.institution_id, institutionId))
  const standard = profiles.find((p) => p.built_in && p.code === DEFAULT_PROFILE_CODE)?.id ?? profiles[0]?.id ?? 0
  const selected = Object.fromEntries(PASSAGE_LANGUAGES.map((lang) => [lang, chosen.find((c) => c.language === lang)?.profile_id ?? standard])) as Record<PassageLanguage, number>
  return { profiles, selected }
}

export type ResolvedProfile = ProfileVersion & { rules: ScoringRules }

/**
 * The rules a sitting is scored with: the version the device scored it with when it says so (what the teacher
 * saw, even if the profile changed before the sitting arrived), else the institution's current choice for the
 * passage's language. Null when the named profile or version is not the institution's to use.
 */
export async function resolveProfile(db: Db, institutionId: number, language: PassageLanguage, asked?: ProfileVersion): Promise<ResolvedProfile | null> {
  if (asked) {
    if (!(await visibleProfile(db, institutionId, asked.id))) return null
    const [version] = await db.select().from(scoringProfileVersions)
      .where(and(eq(scoringProfileVersions.profile_id, asked.id), eq(scoringProfileVersions.version, asked.version)))
    return version ? { id: asked.id, version: asked.version, rules: rulesOf(version.rules) } : null
  }
  const settings = await scoringSettingsOf(db, institutionId)
  const current = settings.profiles.find((p) => p.id === settings.selected[language])
  return current ? { id: current.id, version: current.version, rules: current.rules } : null
}
