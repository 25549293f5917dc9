// The conflict view of every entity (ADR 0040): an edit the server refused because someone else changed the
// record first (409, code `conflict`), the user's values beside the server's current ones, one row per field
// of a list the feature gives (label + how to show a value). "Keep mine" queues the user's values again over
// the current version; "Use theirs" drops the user's change; "Decide later" keeps it in the outbox.
// Also the banner listing an entity's refused writes, each with a way out.
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { OutboxItem } from '../../lib/db/db'
import { showToast } from '../../lib/notify/toasts'
import type { EntityWrites } from '../../lib/sync/entity-writes'
import { useOutbox } from '../../lib/sync/outbox-context'
import { rejectionMessages } from '../../lib/sync/rejection-messages'
import { Button } from '../ui/button'
import { AlertIcon } from '../ui/icons'
import { VersionConflictDialog } from './version-conflict-dialog'
import type { ConflictRow } from './version-conflict-dialog'

/** One compared field: where its value is on each side and how it reads. */
export type ConflictField<Body = any, Current = any> = {
  key: string
  label: string
  /** The user's value (default: the body's value at `key`). */
  mine?: (body: Body) => unknown
  /** The server's value (default: the current record's value at `key`). */
  theirs?: (current: Current) => unknown
  /** How a value reads (default: text; lists joined; yes/no for flags). */
  format?: (value: unknown) => string
  dir?: 'ltr' | 'rtl' | 'auto'
}

type Writes = Pick<EntityWrites<any, any, any>, 'useResolveConflict' | 'useRejections' | 'isConflict'>

type DialogProps<Ctx> = {
  writes: Writes
  ctx: Ctx
  item: OutboxItem
  fields: readonly ConflictField[]
  onClose: () => void
  /** Called once the conflict is settled: the user's values queued or saved (mine) or dropped (theirs). */
  onResolved: (outcome: 'mine' | 'theirs') => void
}

export function ConflictDialog<Ctx>({ writes, ctx, item: initial, fields, onClose, onResolved }: DialogProps<Ctx>) {
  const { t, i18n } = useLingui()
  const resolve = writes.useResolveConflict(ctx)
  const [item, setItem] = useState(initial)
  const [busy, setBusy] = useState(false)
  const body = (item.body ?? {}) as Record<string, unknown>
  const current = item.rejection?.current as ({ updated_at?: string } & Record<string, unknown>) | undefined

  const text = (value: unknown): string => {
    if (value === null || value === undefined) return ''
    if (typeof value === 'boolean') return value ? i18n._(msg`Yes`) : i18n._(msg`No`)
    if (Array.isArray(value)) return value.map(text).join(', ')
    return String(value)
  }
  const rows: ConflictRow[] | undefined = current && fields.map((field) => {
    const format = field.format ?? text
    return {
      key: field.key,
      label: field.label,
      mine: format(field.mine ? field.mine(body) : body[field.key]),
      theirs: format(field.theirs ? field.theirs(current) : current[field.key]),
      dir: field.dir,
    }
  })

  const keepMine = async () => {
    if (!current) return
    setBusy(true)
    try {
      const result = await resolve.keepMine(item, current)
      if (result.state === 'accepted') {
        showToast('success', t`Your version was saved.`)
        onResolved('mine')
      } else if (result.state === 'queued') {
        showToast('info', t`Your version will be sent when the connection is back.`)
        onResolved('mine')
      } else if (writes.isConflict(result.item)) {
        // Changed again meanwhile: compare with the newest version.
        setItem(result.item)
      } else {
        showToast('error', rejectionMessages(result.item).join(' ') || t`The change could not be saved.`)
        onClose()
      }
    } finally {
      setBusy(false)
    }
  }
  const takeTheirs = async () => {
    setBusy(true)
    try {
      await resolve.takeTheirs(item)
      showToast('info', t`Your change was discarded; the current version is kept.`)
      onResolved('theirs')
    } finally {
      setBusy(false)
    }
  }

  return (
    <VersionConflictDialog
      open
      title={<Trans>This record was changed by someone else</Trans>}
      subject={item.label}
      rows={rows}
      error={current ? undefined : t`The current version is not known on this device. Decide later, once it syncs.`}
      busy={busy}
      onKeepMine={() => void keepMine()}
      onUseTheirs={() => void takeTheirs()}
      onClose={onClose}
    />
  )
}

type BannerProps<Ctx> = {
  writes: Writes
  ctx: Ctx
  fields: readonly ConflictField[]
  /** Narrows the banner to one record (its edit page). */
  recordId?: number
}

/**
 * An entity's changes the server refused, each with a way out: conflicts open the side-by-side view; other
 * refusals show the server's messages and can be discarded.
 */
export function RejectedWritesBanner<Ctx>({ writes, ctx, fields, recordId }: BannerProps<Ctx>) {
  const { t } = useLingui()
  const rejected = writes.useRejections(ctx, recordId)
  const outbox = useOutbox()
  const [openId, setOpenId] = useState<string | null>(null)
  const open = rejected.find((item) => item.id === openId && writes.isConflict(item))
  if (rejected.length === 0) return null
  const count = rejected.length

  return (
    <div role="alert" className="mb-4 rounded-xl bg-rose-50 p-4 text-sm text-rose-900 ring-1 ring-rose-200">
      <p className="flex items-center gap-2 font-medium">
        <AlertIcon className="size-5 shrink-0" />
        <Plural value={count}
          one="# change was not saved. Review it to keep your version or the current one."
          other="# changes were not saved. Review them to keep your version or the current one." />
      </p>
      <ul className="mt-3 space-y-2 ps-7">
        {rejected.map((item) => {
          const name = item.label
          const conflict = writes.isConflict(item)
          return (
            <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-medium">{name}</span>
              {conflict
                ? <span className="text-rose-800"><Trans>Changed by someone else while you were editing.</Trans></span>
                : <span className="text-rose-800">{rejectionMessages(item).join(' ')}</span>}
              {conflict ? (
                <Button size="sm" variant="secondary" aria-label={t`Review conflict: ${name}`} onClick={() => setOpenId(item.id)}>
                  <Trans>Review</Trans>
                </Button>
              ) : (
                <Button size="sm" variant="ghost" className="text-rose-700 hover:bg-rose-100" aria-label={t`Discard change: ${name}`}
                  onClick={() => { if (window.confirm(t`Discard this change? It will not be sent.`)) void outbox.discard(item.id) }}>
                  <Trans>Discard</Trans>
                </Button>
              )}
            </li>
          )
        })}
      </ul>
      {open && <ConflictDialog writes={writes} ctx={ctx} item={open} fields={fields}
        onClose={() => setOpenId(null)} onResolved={() => setOpenId(null)} />}
    </div>
  )
}

type FormConflictProps<Ctx> = {
  writes: Writes
  ctx: Ctx
  /** The refused edit from useWriteOutcome, or null. */
  item: OutboxItem | null
  fields: readonly ConflictField[]
  onClosed: () => void
  /** Leaves the form once the user chose (or chose to decide later). */
  onDone: () => void
}

/** The conflict view opened by an edit form's own save; deciding later leaves the change queued. */
export function FormConflictDialog<Ctx>({ writes, ctx, item, fields, onClosed, onDone }: FormConflictProps<Ctx>) {
  const { t } = useLingui()
  if (!item) return null
  return (
    <ConflictDialog writes={writes} ctx={ctx} item={item} fields={fields}
      onClose={() => {
        onClosed()
        showToast('info', t`Your change is kept on this device until you decide. Review it from the list.`)
        onDone()
      }}
      onResolved={() => {
        onClosed()
        onDone()
      }} />
  )
}
