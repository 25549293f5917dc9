import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { toListQueryState, toSearch, validateListSearch } from '../../../components/list/list-search-params'
import { NoSchool } from '../../../components/ui/no-school'
import { GradeList } from '../../../features/school-catalog/components/grade-list'
import { gradeCatalog } from '../../../features/school-catalog/catalogs'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/grade/')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const page = deps.page ?? 1
    if (context.schoolId === null) return
    const filters = deps.field && deps.q ? { [deps.field]: deps.q } : undefined
    preload(context.queryClient, gradeCatalog.listQuery(context.schoolId, { page, ordering: deps.ordering, filters }))
    preload(context.queryClient, gradeCatalog.workflowQuery(context.schoolId))
  },
  component: GradesPage,
})

function GradesPage() {
  const { schoolId } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate()
  if (schoolId === null) return <NoSchool />
  return (
    <GradeList
      schoolId={schoolId}
      query={toListQueryState(search)}
      onQueryChange={(next) => void navigate({ to: '/grade', search: toSearch(next) })}
      onAdd={() => void navigate({ to: '/grade/add' })}
      onEdit={(grade) => void navigate({ to: '/grade/$id/edit', params: { id: grade.id } })}
    />
  )
}
