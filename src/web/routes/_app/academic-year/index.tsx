import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { toListQueryState, toSearch, validateListSearch } from '../../../components/list/list-search-params'
import { AcademicYearList } from '../../../features/academic-years/components/academic-year-list'
import { academicYearListQuery, academicYearWorkflowQuery } from '../../../features/academic-years/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/academic-year/')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const filters = deps.field && deps.q ? { [deps.field]: deps.q } : undefined
    preload(context.queryClient, academicYearListQuery({ page: deps.page ?? 1, ordering: deps.ordering, filters }))
    preload(context.queryClient, academicYearWorkflowQuery())
  },
  component: AcademicYearsPage,
})

function AcademicYearsPage() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <AcademicYearList
      query={toListQueryState(search)}
      onQueryChange={(next) => void navigate({ to: '/academic-year', search: toSearch(next) })}
      onAdd={() => void navigate({ to: '/academic-year/add' })}
      onEdit={(year) => void navigate({ to: '/academic-year/$id/edit', params: { id: year.id } })}
    />
  )
}
