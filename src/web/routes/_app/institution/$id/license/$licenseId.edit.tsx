import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../../../components/form/form-load-state'
import { LicenceForm } from '../../../../../features/institutions/components/licence-form'
import { institutionDetailQuery, licenceDetailQuery } from '../../../../../features/institutions/queries'

const positive = (value: string) => {
  const n = Number(value)
  if (!Number.isInteger(n) || n <= 0) throw notFound()
  return n
}

export const Route = createFileRoute('/_app/institution/$id/license/$licenseId/edit')({
  params: {
    parse: ({ id, licenseId }) => ({ id: positive(id), licenseId: positive(licenseId) }),
    stringify: ({ id, licenseId }) => ({ id: String(id), licenseId: String(licenseId) }),
  },
  component: EditLicencePage,
})

function EditLicencePage() {
  const { queryClient } = Route.useRouteContext()
  const { id, licenseId } = Route.useParams()
  const navigate = useNavigate()
  const institution = useQuery(institutionDetailQuery(id))
  const licence = useQuery(licenceDetailQuery(queryClient, id, licenseId))
  const back = () => void navigate({ to: '/institution/$id/license', params: { id } })
  // Filled once: wait for this visit's fetch unless offline or failed (then the cached row is used).
  const settled = !licence.isStale || licence.isFetchedAfterMount || licence.fetchStatus === 'paused' || licence.isError
  if (!licence.data || !settled) {
    return <FormLoadState error={licence.data ? null : licence.error} onRetry={() => void licence.refetch()} onBack={back} />
  }
  return <LicenceForm key={licence.data.id} institutionId={id} institutionName={institution.data?.organization_name}
    licence={licence.data} onDone={back} onCancel={back} />
}
