import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { NoSchool } from '../../components/ui/no-school'
import { NoYear } from '../../components/ui/no-year'
import { MigrateStudentsForm } from '../../features/students/components/migrate-students-form'
import { classOptionsQuery } from '../../features/students/queries'
import { preload } from '../../lib/query/load-cached'

export const Route = createFileRoute('/_app/migrate-students')({
  loader: ({ context }) => {
    if (context.schoolId !== null) preload(context.queryClient, classOptionsQuery(context.schoolId))
  },
  component: MigrateStudentsPage,
})

function MigrateStudentsPage() {
  const { schoolId, years } = Route.useRouteContext()
  const navigate = useNavigate()
  if (schoolId === null) return <NoSchool />
  if (years.length === 0) return <NoYear />
  return <MigrateStudentsForm schoolId={schoolId} years={years} onCancel={() => void navigate({ to: '/' })} />
}
