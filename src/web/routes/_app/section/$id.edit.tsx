import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../components/form/form-load-state'
import { NoSchool } from '../../../components/ui/no-school'
import { SectionForm } from '../../../features/school-catalog/components/section-form'
import { sectionCatalog } from '../../../features/school-catalog/catalogs'

export const Route = createFileRoute('/_app/section/$id/edit')({
  params: {
    parse: ({ id }) => {
      const n = Number(id)
      if (!Number.isInteger(n) || n <= 0) throw notFound()
      return { id: n }
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: EditSectionPage,
})

function EditSectionPage() {
  const { schoolId, queryClient } = Route.useRouteContext()
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const section = useQuery({ ...sectionCatalog.detailQuery(queryClient, schoolId ?? 0, id), enabled: schoolId !== null })
  if (schoolId === null) return <NoSchool />
  const back = () => void navigate({ to: '/section' })
  if (!section.data) return <FormLoadState error={section.error} onRetry={() => void section.refetch()} onBack={back} />
  return <SectionForm key={section.data.id} schoolId={schoolId} section={section.data} onDone={back} onCancel={back} />
}
