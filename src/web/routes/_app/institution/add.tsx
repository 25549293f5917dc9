import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { InstitutionForm } from '../../../features/institutions/components/institution-form'
import { countriesQuery } from '../../../features/institutions/queries'
import { shellKeys } from '../../../features/shell/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/institution/add')({
  loader: ({ context }) => preload(context.queryClient, countriesQuery()),
  component: AddInstitutionPage,
})

function AddInstitutionPage() {
  const { queryClient } = Route.useRouteContext()
  const navigate = useNavigate()
  const back = () => void navigate({ to: '/institution' })
  const done = () => {
    // The shell's institution selector lists institutions too.
    void queryClient.invalidateQueries({ queryKey: shellKeys.institutions() })
    back()
  }
  return <InstitutionForm onDone={done} onCancel={back} />
}
