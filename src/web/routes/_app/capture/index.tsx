import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { NoSchool } from '../../../components/ui/no-school'
import { NoYear } from '../../../components/ui/no-year'
import { CaptureHome } from '../../../features/capture/components/capture-home'
import { captureKitQuery } from '../../../features/capture/queries'
import { preload } from '../../../lib/query/load-cached'
import { currentWriter } from '../../../lib/session/session'

export const Route = createFileRoute('/_app/capture/')({
  loader: async ({ context }) => {
    if (context.schoolId !== null && context.yearId !== null) preload(context.queryClient, captureKitQuery(context.schoolId, context.yearId))
    return { db: await context.deviceDb() }
  },
  component: CapturePage,
})

function CapturePage() {
  const { schoolId, yearId } = Route.useRouteContext()
  const { db } = Route.useLoaderData()
  const navigate = useNavigate()
  if (schoolId === null) return <NoSchool />
  if (yearId === null) return <NoYear />
  return (
    <CaptureHome db={db} owner={currentWriter()} schoolId={schoolId} yearId={yearId}
      onOpen={(id) => void navigate({ to: '/capture/$id', params: { id } })}
      onReport={(studentId, id) => void navigate({ to: '/report/$studentId/student/$id', params: { studentId: String(studentId), id: String(id) } })} />
  )
}
