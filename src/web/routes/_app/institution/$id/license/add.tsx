import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { LicenceForm } from '../../../../../features/institutions/components/licence-form'
import { institutionDetailQuery } from '../../../../../features/institutions/queries'

export const Route = createFileRoute('/_app/institution/$id/license/add')({
  params: {
    parse: ({ id }) => {
      const n = Number(id)
      if (!Number.isInteger(n) || n <= 0) throw notFound()
      return { id: n }
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: AddLicencePage,
})

function AddLicencePage() {
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const institution = useQuery(institutionDetailQuery(id))
  const back = () => void navigate({ to: '/institution/$id/license', params: { id } })
  return <LicenceForm institutionId={id} institutionName={institution.data?.organization_name} onDone={back} onCancel={back} />
}
