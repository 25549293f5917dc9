import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { toListQueryState, toSearch, validateListSearch } from '../../../components/list/list-search-params'
import { NoSchool } from '../../../components/ui/no-school'
import { SectionList } from '../../../features/school-catalog/components/section-list'
import { sectionCatalog } from '../../../features/school-catalog/catalogs'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/section/')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const page = deps.page ?? 1
    if (context.schoolId === null) return
    const filters = deps.field && deps.q ? { [deps.field]: deps.q } : undefined
    preload(context.queryClient, sectionCatalog.listQuery(context.schoolId, { page, ordering: deps.ordering, filters }))
    preload(context.queryClient, sectionCatalog.workflowQuery(context.schoolId))
  },
  component: SectionsPage,
})

function SectionsPage() {
  const { schoolId } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate()
  if (schoolId === null) return <NoSchool />
  return (
    <SectionList
      schoolId={schoolId}
      query={toListQueryState(search)}
      onQueryChange={(next) => void navigate({ to: '/section', search: toSearch(next) })}
      onAdd={() => void navigate({ to: '/section/add' })}
      onEdit={(section) => void navigate({ to: '/section/$id/edit', params: { id: section.id } })}
    />
  )
}
