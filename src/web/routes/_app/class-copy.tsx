import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { ClassCopyForm } from '../../features/class-copy/components/class-copy-form'
import { copySchoolsQuery } from '../../features/class-copy/queries'
import { preload } from '../../lib/query/load-cached'

export const Route = createFileRoute('/_app/class-copy')({
  loader: ({ context }) => preload(context.queryClient, copySchoolsQuery()),
  component: ClassCopyPage,
})

/** Cancel goes home (spec §2). */
function ClassCopyPage() {
  const navigate = useNavigate()
  return <ClassCopyForm onCancel={() => void navigate({ to: '/' })} />
}
