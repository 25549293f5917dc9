import { createFileRoute } from '@tanstack/react-router'
import { clearQueryCache } from '../app/query-client'
import { revokeToken } from '../features/auth/auth-api'
import { clearSession } from '../lib/session/session'

export const Route = createFileRoute('/logout')({
  beforeLoad: async ({ context }) => {
    await revokeToken()
    clearSession()
    clearQueryCache(context.queryClient)
    // A full load drops every in-memory trace of the previous user.
    window.location.replace('/login')
    await new Promise(() => {})
  },
})
