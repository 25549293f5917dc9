// The institution's taxonomy and scoring profiles (ADR 0091, 0092). Kept in the persisted query cache, so the
// page opens offline with what was last seen.
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api'
import type { ListPayload } from '../../../shared/api'
import type { ScoringSettings } from '../../../shared/reports/scoring-profile'
import type { MiscueType } from '../../../shared/schemas/scoring'
import { apiRequest } from '../../lib/api/api-client'

export const scoringKeys = {
  all: ['scoring'] as const,
  types: () => [...scoringKeys.all, 'miscue-types'] as const,
  settings: () => [...scoringKeys.all, 'settings'] as const,
}

/** Every type the institution sees (the defaults, its versions of them and its own), in list order. */
export function miscueTypesQuery() {
  return queryOptions({
    queryKey: scoringKeys.types(),
    queryFn: ({ signal }) => apiRequest<ListPayload<MiscueType>>({ path: api.miscueTypes, signal }),
  })
}

/** The built-in profiles and the institution's own, and the one chosen for each passage language. */
export function scoringSettingsQuery() {
  return queryOptions({
    queryKey: scoringKeys.settings(),
    queryFn: ({ signal }) => apiRequest<ScoringSettings>({ path: api.scoringProfiles, signal }),
  })
}
