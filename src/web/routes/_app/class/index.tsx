import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { can } from '../../../../shared/permissions'
import { toListQueryState, toSearch, validateListSearch } from '../../../components/list/list-search-params'
import { NoSchool } from '../../../components/ui/no-school'
import { ClassList } from '../../../features/classes/components/class-list'
import {
  classListQuery, classWorkflowQuery, gradeOptionsQuery, sectionOptionsQuery, subjectOptionsQuery, teacherOptionsQuery, toListQuery,
} from '../../../features/classes/queries'
import { preload } from '../../../lib/query/load-cached'
import { NoYear } from '../../../components/ui/no-year'

export const Route = createFileRoute('/_app/class/')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const { schoolId, yearId, queryClient } = context
    if (schoolId === null || yearId === null) return
    preload(queryClient, classListQuery(schoolId, yearId, toListQuery(toListQueryState(deps))))
    preload(queryClient, classWorkflowQuery(schoolId))
    // The form's option lists, so a class can be added or edited offline later.
    preload(queryClient, gradeOptionsQuery(schoolId))
    preload(queryClient, sectionOptionsQuery(schoolId))
    preload(queryClient, subjectOptionsQuery())
    preload(queryClient, teacherOptionsQuery(schoolId))
  },
  component: ClassesPage,
})

function ClassesPage() {
  const { schoolId, yearId, profile } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate()
  if (schoolId === null) return <NoSchool />
  if (yearId === null) return <NoYear />
  return (
    <ClassList
      schoolId={schoolId}
      yearId={yearId}
      canWrite={can(profile.profile.role, 'class', 'write')}
      query={toListQueryState(search)}
      onQueryChange={(next) => void navigate({ to: '/class', search: toSearch(next) })}
      onAdd={() => void navigate({ to: '/class/add' })}
      onEdit={(schoolClass) => void navigate({ to: '/class/$id/edit', params: { id: schoolClass.id } })}
    />
  )
}
