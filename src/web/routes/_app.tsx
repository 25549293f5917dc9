// The authenticated shell. Entering it checks the session, loads the profile (from the persisted
// cache when offline), applies menu-based access and resolves the selected school and year.
import { useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { ALWAYS_ALLOWED_PATHS, MENU_KEYS } from '../../shared/permissions'
import type { ProfilePayload } from '../../shared/schemas/auth'
import { profileQuery } from '../features/auth/queries'
import { AppShell } from '../features/shell/components/app-shell'
import { showToast } from '../lib/notify/toasts'
import { academicYearsQuery, institutionsQuery, mySchoolsQuery } from '../features/shell/queries'
import { resolveSchoolId, resolveYearId } from '../features/shell/selection'
import { isNetworkError } from '../lib/api/api-error'
import { loadCached, loadList } from '../lib/query/load-cached'
import { endSession, isAuthenticated, rememberRedirect, saveInstitutionUrl } from '../lib/session/session'

export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    if (!isAuthenticated()) {
      rememberRedirect(location.href)
      throw redirect({ to: '/login' })
    }
    let profile: ProfilePayload
    try {
      profile = await loadCached(context.queryClient, profileQuery())
    } catch (error) {
      if (isNetworkError(error)) throw error
      // Refused: sign in again; the device copy stays for this user (ADR 0116).
      endSession()
      rememberRedirect(location.href)
      throw redirect({ to: '/login' })
    }
    if (profile.profile.institution) saveInstitutionUrl(window.location.origin)
    // Library entries are part of the assessment-library area (spec: assessment-library-entry/add, {id}/edit).
    const segment = location.pathname.split('/')[1] ?? ''
    const first = segment === 'assessment-library-entry' ? 'assessment-library' : segment
    const alwaysAllowed = (ALWAYS_ALLOWED_PATHS as readonly string[]).includes(first)
    const isMenuPath = (MENU_KEYS as readonly string[]).includes(first)
    if (isMenuPath && !alwaysAllowed && !profile.menu.includes(first)) throw redirect({ to: '/access-denied' })

    const [schools, years] = await Promise.all([
      loadList(context.queryClient, mySchoolsQuery()),
      loadList(context.queryClient, academicYearsQuery()),
    ])
    return { profile, schools, years, schoolId: resolveSchoolId(schools), yearId: resolveYearId(years) }
  },
  component: AppLayout,
})

function AppLayout() {
  const context = Route.useRouteContext()
  // Subscribed so a background refresh of the profile, schools or years shows at once.
  const profile = useQuery({ ...profileQuery(), initialData: context.profile }).data
  const institutionList = useQuery({
    ...institutionsQuery(),
    enabled: profile.access.has_access_to_multiple_tenant,
  })
  const institutions = institutionList.data
  const institutionsFailed = institutionList.isError && navigator.onLine
  const { t } = useLingui()
  useEffect(() => {
    if (institutionsFailed) showToast('error', t`Failed to load institutions`)
  }, [institutionsFailed, t])
  return (
    <AppShell profile={profile} schools={context.schools} schoolId={context.schoolId} years={context.years}
      yearId={context.yearId} institutions={institutions ?? []}>
      <Outlet />
    </AppShell>
  )
}
