import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { DemoInstitutionScreen } from '../../features/demo-institution/components/demo-institution-screen'
import { demoSourcesQuery } from '../../features/demo-institution/queries'
import { preload } from '../../lib/query/load-cached'

export const Route = createFileRoute('/_app/demo-institution')({
  loader: ({ context }) => preload(context.queryClient, demoSourcesQuery()),
  component: DemoInstitutionPage,
})

/** Platform admins: copy an institution into a demo (spec §4). Cancel and "back" go to the institution list. */
function DemoInstitutionPage() {
  const navigate = useNavigate()
  const toInstitutions = () => void navigate({ to: '/institution' })
  return <DemoInstitutionScreen onCancel={toInstitutions} onDone={toInstitutions} />
}
