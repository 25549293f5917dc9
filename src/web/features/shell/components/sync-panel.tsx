// The panel of changes waiting to sync: why some are held back, fixing or discarding rejected ones, and how
// full this device's storage is. Loaded when the sync status is first opened (ADR 0108).
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { cx } from '../../../components/ui/cx'
import { CloseIcon, RefreshIcon } from '../../../components/ui/icons'
import type { HoldReason, OutboxItem } from '../../../lib/db/db'
import { useStorageEstimate } from '../../../lib/db/storage'
import type { StorageEstimate } from '../../../lib/db/storage'
import { isConflict } from '../../../lib/sync/replay-policy'
import { useOutbox } from '../../../lib/sync/outbox-context'
import { rejectionMessages } from '../../../lib/sync/rejection-messages'

const ENTITY_NAMES: Record<string, MessageDescriptor> = {
  grade: msg`Grade`, section: msg`Section`, school: msg`School`, 'academic-year': msg`Academic year`, user: msg`User`,
  class: msg`Class`, student: msg`Student`, 'student-migration': msg`Student migration`, 'class-copy': msg`Class copy`,
  institution: msg`Institution`, 'institution-admin': msg`Institution administrator`, licence: msg`Licence`,
  assessment: msg`Assessment`, 'assessment-clients': msg`Assessment institutions`, 'assessment-library': msg`Assessment library`,
  'assessment-library-entry': msg`Library entry`, 'report-template': msg`Report template`, 'bulk-upload': msg`Spreadsheet upload`,
  sitting: msg`Sitting`,
}
/** Entities whose edit page can show a conflicting edit side by side with the current version. */
const CONFLICT_VIEWS: Record<string, (id: number) => string> = {
  student: (id) => `/student/${id}/edit`,
  class: (id) => `/class/${id}/edit`,
}
/** Entities whose own screen is where a refused write is fixed (a sitting: the capture screen, with its marks). */
const OWN_VIEWS: Record<string, (item: OutboxItem) => string> = {
  sitting: (item) => `/capture/${item.id}`,
}
const OPERATION_NAMES: Record<OutboxItem['operation'], MessageDescriptor> = {
  create: msg`Add`, update: msg`Edit`, delete: msg`Delete`,
}

export default function SyncPanel({ open, onClose, items, online }: {
  open: boolean; onClose: () => void; items: readonly OutboxItem[]; online: boolean
}) {
  const { t } = useLingui()
  const outbox = useOutbox()
  const storage = useStorageEstimate(open)
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/30" />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel className="flex h-full w-full max-w-md flex-col bg-white shadow-xl">
          <div className="flex items-center justify-between border-b border-slate-100 px-5 py-4">
            <DialogTitle className="text-base font-semibold text-slate-900"><Trans>Changes waiting to sync</Trans></DialogTitle>
            <button type="button" onClick={onClose} aria-label={t`Close`} className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100">
              <CloseIcon />
            </button>
          </div>
          <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-3 text-sm text-slate-600">
            <span>{online ? <Trans>You are online.</Trans> : <Trans>You are offline. Changes are kept on this device and sent when you reconnect.</Trans>}</span>
            {online && items.some((i) => i.status === 'pending') && (
              <Button size="sm" variant="secondary" icon={<RefreshIcon className="size-4" />} onClick={() => void outbox.replayNow()}>
                <Trans>Sync now</Trans>
              </Button>
            )}
          </div>
          {storage && <StorageUse estimate={storage} />}
          <ul className="flex-1 divide-y divide-slate-100 overflow-y-auto">
            {items.length === 0 && <li className="px-5 py-12 text-center text-sm text-slate-500"><Trans>Everything is synced.</Trans></li>}
            {items.map((item) => <SyncItem key={item.id} item={item} />)}
          </ul>
        </DialogPanel>
      </div>
    </Dialog>
  )
}

function SyncItem({ item }: { item: OutboxItem }) {
  const { t, i18n } = useLingui()
  const outbox = useOutbox()
  const [editing, setEditing] = useState(false)
  const body = (item.body ?? {}) as Record<string, unknown>
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string') as [string, string][]))
  const entity = ENTITY_NAMES[item.entity] ? i18n._(ENTITY_NAMES[item.entity]!) : item.entity
  const operation = i18n._(OPERATION_NAMES[item.operation])
  const fieldErrors = item.rejection?.fieldErrors ?? {}
  const { attempts, label } = item
  // A stale edit: sending it again unchanged would be refused again, so lead to the side-by-side view.
  const conflictView = isConflict(item) && item.recordId !== undefined ? CONFLICT_VIEWS[item.entity]?.(item.recordId) : undefined
  const ownView = OWN_VIEWS[item.entity]?.(item)

  return (
    <li className="space-y-2 px-5 py-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-slate-900">{item.label}</p>
          <p className="text-xs text-slate-500">{operation} · {entity}</p>
        </div>
        {item.status === 'rejected' ? <Badge tone="danger"><Trans>Rejected</Trans></Badge>
          : item.held ? <Badge tone="neutral"><Trans>Waiting</Trans></Badge>
            : <Badge tone="pending"><Trans>Pending sync</Trans></Badge>}
      </div>
      {item.held && <p className="text-xs text-amber-800">{i18n._(HOLD_MESSAGES[item.held.kind])}</p>}
      {item.rejection && (
        <ul className="space-y-0.5 text-xs text-rose-700" role="alert">
          {rejectionMessages(item).map((m) => <li key={m}>{m}</li>)}
        </ul>
      )}
      {item.status === 'pending' && item.attempts > 0 && (
        <p className="text-xs text-slate-500"><Plural value={attempts} one="Tried # time; trying again automatically." other="Tried # times; trying again automatically." /></p>
      )}
      {editing && (
        <form className="space-y-2" onSubmit={(e) => {
          e.preventDefault()
          setEditing(false)
          void outbox.retry(item.id, { ...body, ...draft })
        }}>
          {Object.keys(draft).map((name) => (
            <label key={name} className="block text-xs font-medium text-slate-600">
              {name}
              <input value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
                aria-invalid={Boolean(fieldErrors[name]) || undefined}
                className={cx('mt-1 block w-full rounded-md border px-2 py-1.5 text-sm', fieldErrors[name] ? 'border-rose-400' : 'border-slate-300')} />
            </label>
          ))}
          <div className="flex gap-2">
            <Button size="sm" type="submit"><Trans>Save and retry</Trans></Button>
            <Button size="sm" variant="secondary" onClick={() => setEditing(false)}><Trans>Cancel</Trans></Button>
          </div>
        </form>
      )}
      {!editing && (
        <div className="flex flex-wrap gap-2">
          {item.held?.kind === 'too-old' && (
            <Button size="sm" variant="secondary" onClick={() => {
              if (window.confirm(t`The server may have forgotten this change was already sent. Send it anyway?`)) void outbox.sendAnyway(item.id)
            }}><Trans>Send anyway</Trans></Button>
          )}
          {ownView && (
            <a href={ownView} className="inline-flex items-center rounded-md bg-brand-50 px-2.5 py-1 text-sm font-medium text-brand-800 hover:bg-brand-100">
              <Trans>Open</Trans>
            </a>
          )}
          {!ownView && item.status === 'rejected' && Object.keys(draft).length > 0 && (
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)}><Trans>Fix</Trans></Button>
          )}
          {conflictView ? (
            <a href={conflictView} className="inline-flex items-center rounded-md bg-brand-50 px-2.5 py-1 text-sm font-medium text-brand-800 hover:bg-brand-100">
              <Trans>Review the conflict</Trans>
            </a>
          ) : item.status === 'rejected' && (
            <Button size="sm" variant="secondary" onClick={() => void outbox.retry(item.id)}><Trans>Retry</Trans></Button>
          )}
          <Button size="sm" variant="ghost" className="text-rose-600 hover:bg-rose-50 hover:text-rose-700"
            aria-label={t`Discard change: ${label}`}
            onClick={() => { if (window.confirm(t`Discard this change? It will not be sent.`)) void outbox.discard(item.id) }}>
            <Trans>Discard</Trans>
          </Button>
        </div>
      )}
    </li>
  )
}

const HOLD_MESSAGES: Record<HoldReason['kind'], MessageDescriptor> = {
  'after-rejected': msg`Waits until you decide about an earlier change to the same record that was rejected.`,
  'reference-rejected': msg`Waits for a record it belongs to, whose creation was rejected.`,
  'reference-discarded': msg`Cannot be sent: the record it belongs to was discarded. Discard this change too.`,
  'too-old': msg`Too old to send safely: it was made more than 30 days ago.`,
}

/** Usage and quota of this site's storage on the device, with a warning before it is full. */
function StorageUse({ estimate }: { estimate: StorageEstimate }) {
  const { i18n } = useLingui()
  const size = (bytes: number) =>
    i18n.number(bytes / 1024 / 1024, { maximumFractionDigits: bytes < 10 * 1024 * 1024 ? 1 : 0 })
  const used = size(estimate.usage)
  const quota = size(estimate.quota)
  const percent = i18n.number(estimate.quota ? estimate.usage / estimate.quota : 0, { style: 'percent' })
  return (
    <div className={cx('border-b border-slate-100 px-5 py-3 text-xs', estimate.nearlyFull ? 'bg-amber-50 text-amber-900' : 'text-slate-500')}
      role={estimate.nearlyFull ? 'alert' : undefined}>
      <p><Trans>Storage on this device: {used} MB of {quota} MB used ({percent}).</Trans></p>
      {estimate.nearlyFull && (
        <p className="mt-1 font-medium"><Trans>This device is nearly out of space for offline work. Sync your changes and free some space.</Trans></p>
      )}
    </div>
  )
}
