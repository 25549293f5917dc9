import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { can } from '../../../../shared/permissions'
import { toListQueryState, toSearch, validateListSearch } from '../../../components/list/list-search-params'
import { NoSchool } from '../../../components/ui/no-school'
import { NoYear } from '../../../components/ui/no-year'
import { StudentList } from '../../../features/students/components/student-list'
import { classOptionsQuery, studentListQuery, studentWorkflowQuery, toListQuery } from '../../../features/students/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/student/')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const { schoolId, yearId, queryClient } = context
    if (schoolId === null || yearId === null) return
    preload(queryClient, studentListQuery(schoolId, yearId, toListQuery(toListQueryState(deps))))
    // The work-flow answer carries the student-ID rule and the class list feeds the form: both are kept
    // so a student can be edited offline later.
    preload(queryClient, studentWorkflowQuery(schoolId))
    preload(queryClient, classOptionsQuery(schoolId))
  },
  component: StudentsPage,
})

function StudentsPage() {
  const { schoolId, yearId, profile } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate()
  if (schoolId === null) return <NoSchool />
  if (yearId === null) return <NoYear />
  return (
    <StudentList
      schoolId={schoolId}
      yearId={yearId}
      canWrite={can(profile.profile.role, 'student', 'write')}
      query={toListQueryState(search)}
      onQueryChange={(next) => void navigate({ to: '/student', search: toSearch(next) })}
      onAdd={() => void navigate({ to: '/student/add' })}
      onEdit={(student) => void navigate({ to: '/student/$id/edit', params: { id: student.id } })}
    />
  )
}
