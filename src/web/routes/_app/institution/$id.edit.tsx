import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../components/form/form-load-state'
import { InstitutionForm } from '../../../features/institutions/components/institution-form'
import { countriesQuery, institutionAssessmentsQuery, institutionDetailQuery } from '../../../features/institutions/queries'
import { shellKeys } from '../../../features/shell/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/institution/$id/edit')({
  params: {
    parse: ({ id }) => {
      const n = Number(id)
      if (!Number.isInteger(n) || n <= 0) throw notFound()
      return { id: n }
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: ({ context, params }) => {
    preload(context.queryClient, countriesQuery())
    preload(context.queryClient, institutionAssessmentsQuery(params.id))
  },
  component: EditInstitutionPage,
})

function EditInstitutionPage() {
  const { queryClient } = Route.useRouteContext()
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const institution = useQuery(institutionDetailQuery(id))
  const back = () => void navigate({ to: '/institution' })
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: shellKeys.institutions() })
    back()
  }
  // The form is filled once, so it waits for this visit's fetch: a cached copy may predate the last save.
  // Offline (fetch paused) or when the fetch failed, the cached copy is used.
  const settled = !institution.isStale || institution.isFetchedAfterMount || institution.fetchStatus === 'paused' || institution.isError
  if (!institution.data || !settled) {
    return <FormLoadState error={institution.data ? null : institution.error} onRetry={() => void institution.refetch()} onBack={back} />
  }
  return <InstitutionForm key={institution.data.id} institution={institution.data} onDone={done} onCancel={back} />
}
