// The institution's taxonomy and scoring profiles (ADR 0091). Reads live in src/server/domain/scoring.ts (they
// are shared with recording and the capture kit); this service holds the writes: an institution's own types and
// its versions of the defaults, its own profiles (a change of rules is a new version, the old one is kept), and
// the profile chosen for each passage language. Every query is scoped to the institution of the request.
import { and, eq } from 'drizzle-orm'
import { institutionScoringProfiles, miscueTypes, scoringProfiles, scoringProfileVersions } from '../../db/schema/sittings'
import { miscueTypeOf, miscueTypesOf, scoringProfileOf, scoringSettingsOf, visibleProfile } from '../../domain/scoring'
import { assertFresh, nextVersion } from '../../lib/edit-version'
import { HttpError } from '../../lib/http-error'
import type { InstitutionScope } from '../../domain/scope'
import { inTransaction } from '../../lib/transaction'
import { PASSAGE_LANGUAGES, RULE_NAMES } from '../../../shared/reports/scoring-profile'
import type { ScoringProfile, ScoringRules, ScoringSettings } from '../../../shared/reports/scoring-profile'
import { CODES } from '../../../shared/schemas/codes'
import type { MiscueType } from '../../../shared/schemas/scoring'
import type * as S from '../../../shared/schemas/scoring'
import type * as v from 'valibot'
import { SCORING_MESSAGES as M } from './scoring.messages'


type MiscueFields = v.InferOutput<typeof S.MiscueTypeUpdateSchema>

/** Refuses a taxonomy with no active error type left: nothing could be marked wrong any more. */
async function assertErrorTypeLeft(s: InstitutionScope): Promise<void> {
  const types = await miscueTypesOf(s.db, s.institution.id)
  if (!types.some((t) => t.active && t.counts_as_error)) throw HttpError.say(400, M.keepOneErrorType, s.lang, 'active', CODES.invalidChoice)
}

export async function createMiscueType(s: InstitutionScope, input: v.InferOutput<typeof S.MiscueTypeCreateSchema>): Promise<MiscueType> {
  return inTransaction(s, async (s) => {
    const taken = (await miscueTypesOf(s.db, s.institution.id)).some((t) => t.code === input.code)
    if (taken) throw HttpError.say(409, M.codeTaken, s.lang, 'code', 'duplicate')
    const [row] = await s.db.insert(miscueTypes).values({ ...input, institution_id: s.institution.id }).returning()
    return miscueTypeOf(row!)
  })
}

/**
 * The institution's version of a type: its own row is edited (checking the version it was read at), a default
 * gets a row of the institution with the same code that replaces it for this institution only. Null: no such code.
 */
export async function updateMiscueType(s: InstitutionScope, code: string, input: MiscueFields): Promise<MiscueType | null> {
  return inTransaction(s, async (s) => {
    const current = (await miscueTypesOf(s.db, s.institution.id)).find((t) => t.code === code)
    if (!current) return null
    const { updated_at: sent, ...fields } = input
    await assertFresh(sent, new Date(current.updated_at), s.lang, async () => current)
    let row
    if (current.own) {
      const [locked] = await s.db.select().from(miscueTypes).where(and(eq(miscueTypes.id, current.id), eq(miscueTypes.institution_id, s.institution.id))).for('update')
      await assertFresh(sent, locked!.updated_at, s.lang, async () => miscueTypeOf(locked!))
      ;[row] = await s.db.update(miscueTypes).set({ ...fields, updated_at: nextVersion(locked!.updated_at) }).where(eq(miscueTypes.id, current.id)).returning()
    } else {
      ;[row] = await s.db.insert(miscueTypes).values({ ...fields, code, institution_id: s.institution.id }).returning()
    }
    await assertErrorTypeLeft(s)
    return miscueTypeOf(row!)
  })
}

export function scoringSettings(s: InstitutionScope): Promise<ScoringSettings> {
  return scoringSettingsOf(s.db, s.institution.id)
}

const sameRules = (a: ScoringRules, b: ScoringRules) => RULE_NAMES.every((name) => a[name] === b[name]) && JSON.stringify(a.bands) === JSON.stringify(b.bands)

export async function createProfile(s: InstitutionScope, input: v.InferOutput<typeof S.ScoringProfileSchema>): Promise<ScoringProfile> {
  return inTransaction(s, async (s) => {
    const [row] = await s.db.insert(scoringProfiles).values({
      institution_id: s.institution.id, display_name: input.display_name, arabic_display_name: input.arabic_display_name, version: 1, rules: input.rules,
    }).returning()
    await s.db.insert(scoringProfileVersions).values({ profile_id: row!.id, version: 1, rules: input.rules, created_by: s.user.id })
    return scoringProfileOf(row!)
  })
}

/** Renames a profile of the institution's own; new rules make a new version (sittings keep the version they used). */
export async function updateProfile(s: InstitutionScope, id: number, input: v.InferOutput<typeof S.ScoringProfileSchema>): Promise<ScoringProfile | null> {
  return inTransaction(s, async (s) => {
    const visible = await visibleProfile(s.db, s.institution.id, id)
    if (!visible) return null
    if (visible.institution_id === null) throw HttpError.say(400, M.builtInProfile, s.lang)
    const [locked] = await s.db.select().from(scoringProfiles).where(and(eq(scoringProfiles.id, id), eq(scoringProfiles.institution_id, s.institution.id))).for('update')
    await assertFresh(input.updated_at, locked!.updated_at, s.lang, async () => scoringProfileOf(locked!))
    const changed = !sameRules(scoringProfileOf(locked!).rules, input.rules)
    const version = changed ? locked!.version + 1 : locked!.version
    const [row] = await s.db.update(scoringProfiles).set({
      display_name: input.display_name, arabic_display_name: input.arabic_display_name, rules: input.rules, version, updated_at: nextVersion(locked!.updated_at),
    }).where(eq(scoringProfiles.id, id)).returning()
    if (changed) await s.db.insert(scoringProfileVersions).values({ profile_id: id, version, rules: input.rules, created_by: s.user.id })
    return scoringProfileOf(row!)
  })
}

/** The profile each passage language is scored with from now on (past sittings keep theirs). */
export async function selectProfiles(s: InstitutionScope, input: v.InferOutput<typeof S.ScoringSelectionSchema>): Promise<ScoringSettings> {
  return inTransaction(s, async (s) => {
    for (const language of PASSAGE_LANGUAGES) {
      if (!(await visibleProfile(s.db, s.institution.id, input[language]))) throw HttpError.say(400, M.profileUnknown, s.lang, language, CODES.invalidChoice)
    }
    for (const language of PASSAGE_LANGUAGES) {
      await s.db.insert(institutionScoringProfiles).values({ institution_id: s.institution.id, language, profile_id: input[language] })
        .onConflictDoUpdate({ target: [institutionScoringProfiles.institution_id, institutionScoringProfiles.language], set: { profile_id: input[language] } })
    }
    return scoringSettingsOf(s.db, s.institution.id)
  })
}
