// Modal dialogs on Headless UI: focus is trapped inside and returns to the opener on close.
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react'
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Button } from './button'

type BaseProps = { open: boolean; title: ReactNode; children?: ReactNode; onClose: () => void }

function DialogFrame({ open, title, children, onClose, actions }: BaseProps & { actions: ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity data-closed:opacity-0" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          transition
          className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl ring-1 ring-slate-200 transition data-closed:scale-95 data-closed:opacity-0"
        >
          <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
          {children && <Description as="div" className="mt-2 text-sm text-slate-600">{children}</Description>}
          <div className="mt-6 flex justify-end gap-3">{actions}</div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}

/** A message with one OK button (work-flow messages, notices). */
export function MessageDialog({ open, title, children, onClose }: BaseProps) {
  return (
    <DialogFrame open={open} title={title} onClose={onClose} actions={
      <Button autoFocus onClick={onClose}><Trans>OK</Trans></Button>
    }>
      {children}
    </DialogFrame>
  )
}

type ConfirmProps = BaseProps & {
  confirmLabel: ReactNode
  onConfirm: () => void
  busy?: boolean
  tone?: 'primary' | 'danger'
  /** False when the dialog holds a field that should take the focus instead of the confirm button. */
  focusConfirm?: boolean
}

export function ConfirmDialog({ open, title, children, onClose, onConfirm, confirmLabel, busy, tone = 'danger', focusConfirm = true }: ConfirmProps) {
  return (
    <DialogFrame open={open} title={title} onClose={onClose} actions={
      <>
        <Button variant="secondary" onClick={onClose} disabled={busy}><Trans>Cancel</Trans></Button>
        <Button variant={tone} onClick={onConfirm} disabled={busy} autoFocus={focusConfirm}>{confirmLabel}</Button>
      </>
    }>
      {children}
    </DialogFrame>
  )
}
