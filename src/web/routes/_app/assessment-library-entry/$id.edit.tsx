import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../components/form/form-load-state'
import { EntryForm } from '../../../features/assessment-libraries/components/entry-form'
import { entryDetailQuery } from '../../../features/assessment-libraries/queries'

export const Route = createFileRoute('/_app/assessment-library-entry/$id/edit')({
  params: {
    parse: ({ id }) => {
      const n = Number(id)
      if (!Number.isInteger(n) || n <= 0) throw notFound()
      return { id: n }
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: EditEntryPage,
})

function EditEntryPage() {
  const { queryClient } = Route.useRouteContext()
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const entry = useQuery(entryDetailQuery(queryClient, id))
  // Spec: saving returns to /assessment-library.
  const back = () => void navigate({ to: '/assessment-library' })
  if (!entry.data) return <FormLoadState error={entry.error} onRetry={() => void entry.refetch()} onBack={back} />
  return <EntryForm key={entry.data.id} libraryId={entry.data.assessment_library} entry={entry.data} onDone={back} onCancel={back} />
}
