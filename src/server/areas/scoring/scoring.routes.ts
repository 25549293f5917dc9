// The taxonomy and scoring profiles of the institution of the host (ADR 0091). Everyone signed in reads them
// (the capture screen needs them); institution administrators change them. Ids of another institution's types
// or profiles answer 404.
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../context'
import { miscueTypesOf } from '../../domain/scoring'
import { allow, requireAuth } from '../../middleware/auth'
import { HttpError } from '../../lib/http-error'
import { idParam } from '../../lib/validate'
import { institutionScope } from '../../lib/request-scope'
import { MiscueTypeCreateSchema, MiscueTypeUpdateSchema, ScoringProfileSchema, ScoringSelectionSchema } from '../../../shared/schemas/scoring'
import { createMiscueType, createProfile, scoringSettings, selectProfiles, updateMiscueType, updateProfile } from './scoring.service'
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

const notFound = (c: Context<AppEnv>) => HttpError.of(404, 'notFound', c.get('lang'))

export const scoringRoutes = new Hono<AppEnv>({ strict: false })
  .use(routes.miscueTypes, requireAuth)
  .use(`${routes.miscueTypes}/*`, requireAuth)
  .get(routes.miscueTypes, describe({ summary: 'The miscue taxonomy: code, English and Arabic names, color_code, counts_as_error, language (ar/en/null), scoring_class, active, own', tag: 'sitting', operationId: 'listMiscueTypes' }), allow('scoring', 'read'), async (c) => {
    const s = institutionScope(c)
    const results = await miscueTypesOf(s.db, s.institution.id)
    return c.json({ payload: { results, count: results.length } })
  })
  .post(routes.miscueTypes, describe({ summary: "A miscue type of the institution's own (institution administrators)", tag: 'sitting', body: MiscueTypeCreateSchema, operationId: 'createMiscueType' }), allow('scoring', 'write'), async (c) => {
    const s = institutionScope(c)
    return c.json({ payload: await createMiscueType(s, await bodyOf(c)) }, 201)
  })
  .put(routes.miscueType, describe({ summary: "The institution's version of a type: edits its own, or overrides (or switches off) a default for this institution only; send updated_at", tag: 'sitting', body: MiscueTypeUpdateSchema, operationId: 'updateMiscueType' }), allow('scoring', 'write'), async (c) => {
    const s = institutionScope(c)
    const code = c.req.param('code')
    if (!/^[a-z][a-z0-9_]{1,39}$/.test(code)) throw notFound(c)
    const updated = await updateMiscueType(s, code, await bodyOf(c))
    if (!updated) throw notFound(c)
    return c.json({ payload: updated })
  })
  .use(routes.scoringProfiles, requireAuth)
  .use(`${routes.scoringProfiles}/*`, requireAuth)
  .get(routes.scoringProfiles, describe({ summary: "Scoring profiles (built in and the institution's own, each with its version and rules) and the one chosen per passage language (selected.ar, selected.en)", tag: 'sitting', operationId: 'listScoringProfiles' }), allow('scoring', 'read'), async (c) => c.json({ payload: await scoringSettings(institutionScope(c)) }))
  .post(routes.scoringProfiles, describe({ summary: "A scoring profile of the institution's own (version 1)", tag: 'sitting', body: ScoringProfileSchema, operationId: 'createScoringProfile' }), allow('scoring', 'write'), async (c) => {
    const s = institutionScope(c)
    return c.json({ payload: await createProfile(s, await bodyOf(c)) }, 201)
  })
  .put(routes.scoringSelection, describe({ summary: 'The profile each passage language is scored with from now on', tag: 'sitting', body: ScoringSelectionSchema, operationId: 'selectScoringProfiles' }), allow('scoring', 'write'), async (c) => {
    const s = institutionScope(c)
    return c.json({ payload: await selectProfiles(s, await bodyOf(c)) })
  })
  .put(routes.scoringProfile, describe({ summary: 'Edits an own profile; new rules make a new version (sittings keep the version they were scored with); built-in profiles answer 400', tag: 'sitting', body: ScoringProfileSchema, operationId: 'updateScoringProfile' }), allow('scoring', 'write'), async (c) => {
    const s = institutionScope(c)
    const updated = await updateProfile(s, idParam(c, 'id'), await bodyOf(c))
    if (!updated) throw notFound(c)
    return c.json({ payload: updated })
  })
