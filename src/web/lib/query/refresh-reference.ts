// Refreshes the reference lists behind the shell's school and academic-year selectors after a screen
// changed them (a school or year created, renamed or deleted). lib cannot import features, so the keys
// and requests are repeated here; they MUST match mySchoolsQuery and academicYearsQuery in
// src/web/features/shell/queries.ts (keys ['shell', 'my-schools'] and ['shell', 'academic-years']).
//
// Why fetch rather than invalidate: the shell reads these lists through loadCached in the _app route, so
// after a reload the cached entries come from the persisted cache without a queryFn, and
// invalidateQueries cannot refetch them. Fetching here with the same request fills the cache before the
// next navigation, whose beforeLoad then hands the new list to the shell.
import { useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { api } from '../../../shared/api'
import type { ListPayload } from '../../../shared/api'
import type { ProfilePayload } from '../../../shared/schemas/auth'
import type { AcademicYearOption, SchoolOption } from '../../../shared/schemas/reference'
import { apiRequest } from '../api/api-client'

export const REFERENCE_KEYS = {
  schools: ['shell', 'my-schools'],
  years: ['shell', 'academic-years'],
} as const

export type ReferenceList = keyof typeof REFERENCE_KEYS

const PROFILE_KEY = ['auth', 'profile'] as const

const FETCHERS: Record<ReferenceList, (signal: AbortSignal) => Promise<unknown>> = {
  schools: async (signal) => (await apiRequest<{ results: SchoolOption[] }>({ path: api.mySchools, signal })).results,
  years: async (signal) => (await apiRequest<ListPayload<AcademicYearOption>>({ path: api.academicYears, signal })).results,
}

/**
 * Fetches the list again now and stores it under the shell's key. Never rejects: offline or on an error
 * the cached list is marked stale instead, and the shell revalidates it on its next load.
 */
export async function refreshReference(queryClient: QueryClient, list: ReferenceList): Promise<void> {
  const queryKey = [...REFERENCE_KEYS[list]]
  try {
    await queryClient.fetchQuery({ queryKey, queryFn: ({ signal }) => FETCHERS[list](signal), staleTime: 0, retry: false })
    // The profile's has_school_selection depends on how many schools the user reaches (ADR 60): refresh it too.
    // Key and request MUST match profileQuery in src/web/features/auth/queries.ts.
    if (list === 'schools') {
      await queryClient.fetchQuery({
        queryKey: [...PROFILE_KEY], queryFn: ({ signal }) => apiRequest<ProfilePayload>({ path: api.myProfile, signal }), staleTime: 0, retry: false,
      })
    }
  } catch {
    await queryClient.invalidateQueries({ queryKey, refetchType: 'none' })
    if (list === 'schools') await queryClient.invalidateQueries({ queryKey: [...PROFILE_KEY], refetchType: 'none' })
  }
}

/**
 * While a screen is open, refreshes a selector's list when one of `writes`'s queued writes leaves the outbox,
 * then re-runs the routes (the shell takes its lists from the route context).
 */
export function useRefreshReferenceWhenSynced(writes: { useWhenSynced: (onSynced: () => void) => void }, list: ReferenceList): void {
  const queryClient = useQueryClient()
  const router = useRouter()
  writes.useWhenSynced(() => void refreshReference(queryClient, list).then(() => router.invalidate()))
}
