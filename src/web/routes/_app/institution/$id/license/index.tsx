import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { toListQueryState, toSearch, validateListSearch } from '../../../../../components/list/list-search-params'
import { LicenceList } from '../../../../../features/institutions/components/licence-list'
import { institutionDetailQuery, licenceListQuery } from '../../../../../features/institutions/queries'
import { preload } from '../../../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/institution/$id/license/')({
  params: {
    parse: ({ id }) => {
      const n = Number(id)
      if (!Number.isInteger(n) || n <= 0) throw notFound()
      return { id: n }
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => ({ page: search.page, ordering: search.ordering }),
  loader: ({ context, params, deps }) => {
    preload(context.queryClient, licenceListQuery(params.id, { page: deps.page ?? 1, ordering: deps.ordering }))
    preload(context.queryClient, institutionDetailQuery(params.id))
  },
  component: LicencesPage,
})

function LicencesPage() {
  const { id } = Route.useParams()
  const search = Route.useSearch()
  const navigate = useNavigate()
  const institution = useQuery(institutionDetailQuery(id))
  return (
    <LicenceList
      institutionId={id}
      institution={institution.data}
      query={toListQueryState(search)}
      onQueryChange={(next) => void navigate({ to: '/institution/$id/license', params: { id }, search: toSearch(next) })}
      onAdd={() => void navigate({ to: '/institution/$id/license/add', params: { id } })}
      onEdit={(licence) => void navigate({ to: '/institution/$id/license/$licenseId/edit', params: { id, licenseId: licence.id } })}
    />
  )
}
