// Removing a reading record (ADR 0112): the one way a sitting goes, for school staff, with a reason that the
// server keeps with who and when. The sitting's audio goes with it. Sent through the outbox like every write,
// so a removal made offline is sent when the connection is back.
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import * as v from 'valibot'
import { api } from '../../../../shared/api'
import { SittingRemovalSchema } from '../../../../shared/schemas/sitting-removal'
import type { Sitting } from '../../../../shared/schemas/sitting'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { validationMessage } from '../../../lib/i18n/validation-messages'
import { showToast } from '../../../lib/notify/toasts'
import { useOutbox } from '../../../lib/sync/outbox-context'
import { rejectionMessages } from '../../../lib/sync/rejection-messages'
import { reportKeys } from '../queries'

export function RemoveSitting({ sitting, onRemoved }: { sitting: Sitting; onRemoved: () => void }) {
  const { t, i18n } = useLingui()
  const outbox = useOutbox()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<string[]>([])
  const [busy, setBusy] = useState(false)

  const close = () => {
    if (busy) return
    setOpen(false)
    setErrors([])
  }

  async function remove() {
    const parsed = v.safeParse(SittingRemovalSchema, { reason })
    if (!parsed.success) {
      setErrors([validationMessage(i18n, parsed.issues[0])])
      return
    }
    setBusy(true)
    try {
      const result = await outbox.enqueue({
        entity: 'sitting-removal', operation: 'create', method: 'POST', path: api.sittingRemoval(sitting.school, sitting.class, sitting.id),
        body: parsed.output, invalidates: reportKeys.all, scope: { schoolId: sitting.school }, label: sitting.student_name,
      })
      if (result.state === 'rejected') {
        await outbox.discard(result.item.id)
        setErrors(rejectionMessages(result.item))
        return
      }
      if (result.state === 'accepted') showToast('success', t`The reading record was removed, with its recording.`)
      else showToast('info', t`You are offline. The removal is saved on this device and will be sent when you are back online.`)
      setOpen(false)
      onRemoved()
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}><Trans>Remove this reading record</Trans></Button>
      <ConfirmDialog open={open} title={<Trans>Remove this reading record?</Trans>} confirmLabel={<Trans>Remove</Trans>}
        busy={busy} focusConfirm={false} onClose={close} onConfirm={() => void remove()}>
        <div className="space-y-3">
          <p><Trans>The record, its marks and its recording are removed for everyone. Who removed it, when and why are kept.</Trans></p>
          <div className="space-y-1.5">
            <label htmlFor={id} className="block text-sm font-medium text-slate-700"><Trans>Reason for removing it</Trans></label>
            <textarea id={id} value={reason} rows={3} maxLength={1000} autoFocus
              onChange={(event) => {
                setReason(event.target.value)
                setErrors([])
              }}
              aria-invalid={errors.length > 0 || undefined} aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30" />
            {errors.length > 0 && <p id={`${id}-error`} role="alert" className="text-sm text-rose-700">{errors.join(' ')}</p>}
          </div>
        </div>
      </ConfirmDialog>
    </>
  )
}
