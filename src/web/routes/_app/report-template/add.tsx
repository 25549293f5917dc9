import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { TemplateForm } from '../../../features/report-templates/components/template-form'
import { libraryOptionsQuery } from '../../../features/report-templates/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/report-template/add')({
  loader: ({ context }) => preload(context.queryClient, libraryOptionsQuery()),
  component: AddTemplatePage,
})

function AddTemplatePage() {
  const navigate = useNavigate()
  const back = () => void navigate({ to: '/report-template' })
  return <TemplateForm onDone={back} onCancel={back} />
}
