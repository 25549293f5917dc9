import { Trans } from '@lingui/react/macro'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { Spinner } from '../../../components/ui/spinner'
import { CaptureScreen } from '../../../features/capture/components/capture-screen'
import { useCaptureRow } from '../../../features/capture/use-captures'
import { currentWriter } from '../../../lib/session/session'

export const Route = createFileRoute('/_app/capture/$id')({
  loader: async ({ context }) => ({ db: await context.deviceDb() }),
  component: CapturePage,
})

function CapturePage() {
  const { db } = Route.useLoaderData()
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const row = useCaptureRow(db, currentWriter(), id)
  if (row === undefined) {
    return <p role="status" className="flex items-center gap-2 text-sm text-slate-500"><Spinner className="size-4" /><Trans>Loading…</Trans></p>
  }
  if (row === null) {
    return (
      <div className="space-y-3 rounded-xl bg-white p-6 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
        <p><Trans>This sitting is not on this device. It may have been discarded, or recorded by someone else.</Trans></p>
        <Link to="/capture" className="font-medium text-brand-700 underline"><Trans>All sittings</Trans></Link>
      </div>
    )
  }
  return (
    <CaptureScreen db={db} row={row}
      onDone={() => void navigate({ to: '/capture' })}
      onReport={(studentId, sittingId) => void navigate({ to: '/report/$studentId/student/$id', params: { studentId: String(studentId), id: String(sittingId) } })} />
  )
}
