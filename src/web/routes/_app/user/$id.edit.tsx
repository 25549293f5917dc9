import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { requiresSchoolMapping } from '../../../../shared/roles'
import { FormLoadState } from '../../../components/form/form-load-state'
import { UserForm } from '../../../features/users/components/user-form'
import { schoolOptionsQuery, userDetailQuery, userSchoolsQuery } from '../../../features/users/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/user/$id/edit')({
  params: {
    parse: ({ id }) => {
      const n = Number(id)
      if (!Number.isInteger(n) || n <= 0) throw notFound()
      return { id: n }
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: ({ context }) => preload(context.queryClient, schoolOptionsQuery()),
  component: EditUserPage,
})

/** Loads the user, then, when its role maps to schools, the schools it is mapped to (spec §4 "User edit"). */
function EditUserPage() {
  const { queryClient, profile } = Route.useRouteContext()
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const user = useQuery(userDetailQuery(queryClient, id))
  const needsSchools = user.data ? requiresSchoolMapping(user.data.role) : false
  const mapped = useQuery({ ...userSchoolsQuery(id), enabled: needsSchools })
  const back = () => void navigate({ to: '/user' })
  if (!user.data) return <FormLoadState error={user.error} onRetry={() => void user.refetch()} onBack={back} />
  // Offline or on failure the mapping carried by the user record stands in for the separate call.
  if (needsSchools && mapped.isPending && mapped.fetchStatus === 'fetching') return <FormLoadState error={null} onRetry={() => void mapped.refetch()} onBack={back} />
  return (
    <UserForm key={user.data.id} user={user.data} mappedSchools={mapped.data ?? user.data.schools}
      createRoles={profile.create_roles} selfId={profile.profile.id} onDone={back} onCancel={back} />
  )
}
