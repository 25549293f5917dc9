import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../components/form/form-load-state'
import { EntryList } from '../../../features/assessment-libraries/components/entry-list'
import { LibraryForm } from '../../../features/assessment-libraries/components/library-form'
import { libraryDetailQuery } from '../../../features/assessment-libraries/queries'

export const Route = createFileRoute('/_app/assessment-library/$id/edit')({
  params: {
    parse: ({ id }) => {
      const n = Number(id)
      if (!Number.isInteger(n) || n <= 0) throw notFound()
      return { id: n }
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: EditLibraryPage,
})

function EditLibraryPage() {
  const { queryClient } = Route.useRouteContext()
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const library = useQuery(libraryDetailQuery(queryClient, id))
  const back = () => void navigate({ to: '/assessment-library' })
  if (!library.data) return <FormLoadState error={library.error} onRetry={() => void library.refetch()} onBack={back} />
  return (
    <>
      <LibraryForm key={library.data.id} library={library.data} onDone={back} onCancel={back} />
      <EntryList libraryId={library.data.id}
        onAdd={() => void navigate({ to: '/assessment-library-entry/add', search: { library: id } })}
        onEdit={(entry) => void navigate({ to: '/assessment-library-entry/$id/edit', params: { id: entry.id } })} />
    </>
  )
}
