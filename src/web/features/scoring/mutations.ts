// Taxonomy and profile writes through the outbox kit (lib/sync/entity-writes, ADR 0040). A type is changed by its
// code (PUT /api/miscue-type/{code}/: a default gets the institution's own version); a profile by its id; the
// choice per passage language is one PUT for the institution. Accepted changes also refresh the capture kit, which
// carries the taxonomy and profiles to the capture screen.
import type { QueryClient } from '@tanstack/react-query'
import { api } from '../../../shared/api'
import type { ScoringProfile } from '../../../shared/reports/scoring-profile'
import type { MiscueType, ScoringProfileInput, ScoringSelection } from '../../../shared/schemas/scoring'
import type { OutboxItem } from '../../lib/db/db'
import { getLanguage } from '../../lib/i18n/language'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import { scoringKeys } from './queries'
import type { MiscueTypeBody } from './type-values'

/** The capture feature's kit (features never import each other: its key prefix by name). */
const refreshCaptureKit = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['capture'] })

const named = (row: { display_name: string; arabic_display_name: string }) => (getLanguage() === 'ar' ? row.arabic_display_name : row.display_name)

/** `code`: the type an edit is for (its path); a new type has none. */
export const miscueTypeWrites = defineEntityWrites<MiscueType, MiscueTypeBody, { code?: string }>({
  entity: 'miscue-type',
  paths: { create: () => api.miscueTypes, record: ({ code }) => api.miscueType(code ?? '') },
  keys: () => scoringKeys.all,
  scope: () => ({ area: 'scoring' }),
  label: named,
  afterAccepted: refreshCaptureKit,
})

export type ProfileBody = Omit<ScoringProfileInput, 'updated_at'>

export const profileWrites = defineEntityWrites<ScoringProfile, ProfileBody>({
  entity: 'scoring-profile',
  paths: { create: () => api.scoringProfiles, record: (_, id) => api.scoringProfile(id) },
  keys: () => scoringKeys.all,
  scope: () => ({ area: 'scoring' }),
  label: named,
  // The list's columns: the names and, for an edit, the new rules.
  pendingValues: (item: OutboxItem) => {
    const body = (item.body ?? {}) as Partial<ProfileBody>
    return { display_name: body.display_name, arabic_display_name: body.arabic_display_name, ...(body.rules ? { rules: { ...body.rules } as ScoringProfile['rules'] } : {}) }
  },
  afterAccepted: refreshCaptureKit,
})

/** The profile each passage language is scored with: one record per institution (its id is the record's). */
export const selectionWrites = defineEntityWrites<{ id: number }, ScoringSelection>({
  entity: 'scoring-selection',
  paths: { create: () => api.scoringSelection, record: () => api.scoringSelection },
  keys: () => scoringKeys.all,
  scope: () => ({ area: 'scoring' }),
  label: (body) => `${body.ar} · ${body.en}`,
  afterAccepted: refreshCaptureKit,
})
