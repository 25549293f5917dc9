import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { toListQueryState, toSearch, validateListSearch } from '../../../components/list/list-search-params'
import { AssessmentList } from '../../../features/assessments/components/assessment-list'
import { assessmentDependenciesQuery, assessmentListQuery } from '../../../features/assessments/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/assessment/')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const filters = deps.field && deps.q ? { [deps.field]: deps.q } : undefined
    preload(context.queryClient, assessmentListQuery({ page: deps.page ?? 1, ordering: deps.ordering, filters }))
    preload(context.queryClient, assessmentDependenciesQuery())
  },
  component: AssessmentsPage,
})

function AssessmentsPage() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <AssessmentList
      query={toListQueryState(search)}
      onQueryChange={(next) => void navigate({ to: '/assessment', search: toSearch(next) })}
      onAdd={() => void navigate({ to: '/assessment/add' })}
      onEdit={(assessment) => void navigate({ to: '/assessment/$id/edit', params: { id: assessment.id } })}
    />
  )
}
