import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api'
import type { ProfilePayload } from '../../../shared/schemas/auth'
import { apiRequest } from '../../lib/api/api-client'

export const authKeys = {
  all: ['auth'] as const,
  profile: () => [...authKeys.all, 'profile'] as const,
}

export function profileQuery() {
  return queryOptions({
    queryKey: authKeys.profile(),
    queryFn: ({ signal }) => apiRequest<ProfilePayload>({ path: api.myProfile, signal }),
    staleTime: 5 * 60_000,
  })
}
