import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { toListQueryState, toSearch, validateListSearch } from '../../../components/list/list-search-params'
import { SchoolList } from '../../../features/schools/components/school-list'
import { schoolListQuery, schoolWorkflowQuery } from '../../../features/schools/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/school/')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const filters = deps.field && deps.q ? { [deps.field]: deps.q } : undefined
    preload(context.queryClient, schoolListQuery({ page: deps.page ?? 1, ordering: deps.ordering, filters }))
    preload(context.queryClient, schoolWorkflowQuery())
  },
  component: SchoolsPage,
})

function SchoolsPage() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <SchoolList
      query={toListQueryState(search)}
      onQueryChange={(next) => void navigate({ to: '/school', search: toSearch(next) })}
      onAdd={() => void navigate({ to: '/school/add' })}
      onEdit={(school) => void navigate({ to: '/school/$id/edit', params: { id: school.id } })}
    />
  )
}
