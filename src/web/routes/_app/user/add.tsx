import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { UserForm } from '../../../features/users/components/user-form'
import { schoolOptionsQuery } from '../../../features/users/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/user/add')({
  loader: ({ context }) => preload(context.queryClient, schoolOptionsQuery()),
  component: AddUserPage,
})

function AddUserPage() {
  const { profile } = Route.useRouteContext()
  const navigate = useNavigate()
  const back = () => void navigate({ to: '/user' })
  return <UserForm createRoles={profile.create_roles} selfId={profile.profile.id} onDone={back} onCancel={back} />
}
