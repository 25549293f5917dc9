// The capture screen's start (ADR 0090): a new sitting from the kit kept on this device, the sittings on this
// device with their state, and how much storage they use.
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { MiscueDb } from '../../../lib/db/db'
import { requestPersistentStorage } from '../../../lib/db/storage'
import { showToast } from '../../../lib/notify/toasts'
import { useOnline } from '../../../lib/sync/use-online'
import { putCapture } from '../capture-store'
import { newCapture } from '../new-capture'
import { captureKitQuery } from '../queries'
import { useCaptures } from '../use-captures'
import { CaptureList } from './capture-list'
import { NewSittingForm } from './new-sitting-form'
import type { NewSitting } from './new-sitting-form'
import { StorageMeter } from './storage-meter'

export function CaptureHome({ db, owner, schoolId, yearId, onOpen, onReport }: {
  db: MiscueDb
  owner: string | null
  schoolId: number
  yearId: number
  onOpen: (id: string) => void
  onReport: (studentId: number, sittingId: number) => void
}) {
  const { t } = useLingui()
  const online = useOnline()
  const kit = useQuery(captureKitQuery(schoolId, yearId))
  const rows = useCaptures(db, owner)

  async function start(choice: NewSitting) {
    const data = kit.data
    const assessment = data?.assessments.find((a) => a.id === choice.assessmentId)
    if (!data || !assessment || !owner) return
    const record = newCapture({ id: crypto.randomUUID(), owner, kit: data, ...choice, assessment, now: Date.now() })
    try {
      await putCapture(db, record)
    } catch {
      showToast('error', t`The sitting could not be stored on this device. Free some space and try again.`)
      return
    }
    void requestPersistentStorage()
    onOpen(record.id)
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <p className="max-w-xl text-sm text-slate-600"><Trans>Sittings are kept on this device and sent to the server when you are online.</Trans></p>
        <div className="w-full max-w-sm"><StorageMeter /></div>
      </div>
      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <NewSittingForm kit={kit} online={online} onStart={start} />
      </section>
      <CaptureList rows={rows} onOpen={onOpen} onReport={onReport} />
    </div>
  )
}
