import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../components/form/form-load-state'
import { TemplateForm } from '../../../features/report-templates/components/template-form'
import { libraryOptionsQuery, templateDetailQuery } from '../../../features/report-templates/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/report-template/$id/edit')({
  params: {
    parse: ({ id }) => {
      const n = Number(id)
      if (!Number.isInteger(n) || n <= 0) throw notFound()
      return { id: n }
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: ({ context }) => preload(context.queryClient, libraryOptionsQuery()),
  component: EditTemplatePage,
})

function EditTemplatePage() {
  const { queryClient } = Route.useRouteContext()
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const template = useQuery(templateDetailQuery(queryClient, id))
  const back = () => void navigate({ to: '/report-template' })
  if (!template.data) return <FormLoadState error={template.error} onRetry={() => void template.refetch()} onBack={back} />
  return <TemplateForm key={template.data.id} template={template.data} onDone={back} onCancel={back} />
}
