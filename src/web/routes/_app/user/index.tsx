import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { toListQueryState, toSearch, validateListSearch } from '../../../components/list/list-search-params'
import { UserList } from '../../../features/users/components/user-list'
import { userListQuery, userWorkflowQuery } from '../../../features/users/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/user/')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const filters = deps.field && deps.q ? { [deps.field]: deps.q } : undefined
    preload(context.queryClient, userListQuery({ page: deps.page ?? 1, ordering: deps.ordering, filters }))
    preload(context.queryClient, userWorkflowQuery())
  },
  component: UsersPage,
})

function UsersPage() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <UserList
      query={toListQueryState(search)}
      onQueryChange={(next) => void navigate({ to: '/user', search: toSearch(next) })}
      onAdd={() => void navigate({ to: '/user/add' })}
      onEdit={(user) => void navigate({ to: '/user/$id/edit', params: { id: user.id } })}
    />
  )
}
