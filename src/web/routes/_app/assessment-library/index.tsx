import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { toListQueryState, toSearch, validateListSearch } from '../../../components/list/list-search-params'
import { LibraryList } from '../../../features/assessment-libraries/components/library-list'
import { libraryListQuery } from '../../../features/assessment-libraries/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/assessment-library/')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const filters = deps.field && deps.q ? { [deps.field]: deps.q } : undefined
    preload(context.queryClient, libraryListQuery({ page: deps.page ?? 1, ordering: deps.ordering, filters }))
  },
  component: LibrariesPage,
})

function LibrariesPage() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <LibraryList
      query={toListQueryState(search)}
      onQueryChange={(next) => void navigate({ to: '/assessment-library', search: toSearch(next) })}
      onAdd={() => void navigate({ to: '/assessment-library/add' })}
      onEdit={(library) => void navigate({ to: '/assessment-library/$id/edit', params: { id: library.id } })}
      onUpload={() => void navigate({ to: '/assessment-library/upload' })}
    />
  )
}
