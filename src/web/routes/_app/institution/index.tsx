import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { toListQueryState, toSearch, validateListSearch } from '../../../components/list/list-search-params'
import { InstitutionList } from '../../../features/institutions/components/institution-list'
import { institutionListQuery } from '../../../features/institutions/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/institution/')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const filters = deps.field && deps.q ? { [deps.field]: deps.q } : undefined
    preload(context.queryClient, institutionListQuery({ page: deps.page ?? 1, ordering: deps.ordering, filters }))
  },
  component: InstitutionsPage,
})

function InstitutionsPage() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <InstitutionList
      query={toListQueryState(search)}
      onQueryChange={(next) => void navigate({ to: '/institution', search: toSearch(next) })}
      onAdd={() => void navigate({ to: '/institution/add' })}
      onEdit={(row) => void navigate({ to: '/institution/$id/edit', params: { id: row.id } })}
      onLicences={(row) => void navigate({ to: '/institution/$id/license', params: { id: row.id } })}
    />
  )
}
