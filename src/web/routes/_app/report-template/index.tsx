import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { toListQueryState, toSearch, validateListSearch } from '../../../components/list/list-search-params'
import { TemplateList } from '../../../features/report-templates/components/template-list'
import { libraryOptionsQuery, templateListQuery } from '../../../features/report-templates/queries'
import { preload } from '../../../lib/query/load-cached'
import { mayUpload } from '../../../../shared/bulk/upload-permission'

export const Route = createFileRoute('/_app/report-template/')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const filters = deps.field && deps.q ? { [deps.field]: deps.q } : undefined
    preload(context.queryClient, templateListQuery({ page: deps.page ?? 1, ordering: deps.ordering, filters }))
    preload(context.queryClient, libraryOptionsQuery())
  },
  component: TemplatesPage,
})

function TemplatesPage() {
  const { profile } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <TemplateList
      query={toListQueryState(search)}
      userEmail={profile.profile.email}
      onQueryChange={(next) => void navigate({ to: '/report-template', search: toSearch(next) })}
      onAdd={() => void navigate({ to: '/report-template/add' })}
      onEdit={(template) => void navigate({ to: '/report-template/$id/edit', params: { id: template.id } })}
      onUpload={mayUpload(profile.profile.role, 'report-template') ? () => void navigate({ to: '/report-template/upload' }) : undefined}
    />
  )
}
