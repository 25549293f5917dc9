// The conflict view of a student edit the server refused because someone else changed the student
// meanwhile (409): "Your version" beside "Current version", field by field, with "Keep mine" (send mine
// again over the current version) and "Use theirs" (drop mine). Also the banner that lists such edits,
// and any other refused student change, on the student list and on the student's edit page.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Student } from '../../../../shared/schemas/student'
import { VersionConflictDialog } from '../../../components/form/version-conflict-dialog'
import type { ConflictRow } from '../../../components/form/version-conflict-dialog'
import { Button } from '../../../components/ui/button'
import { AlertIcon } from '../../../components/ui/icons'
import { describeError } from '../../../lib/api/error-messages'
import type { OutboxItem } from '../../../lib/db/db'
import { showToast } from '../../../lib/notify/toasts'
import { isStudentConflict, useRejectedStudents, useResolveStudentConflict } from '../mutations'
import { useDiscardWrite } from '../../../lib/sync/outbox-context'
import type { StudentBody } from '../mutations'
import { classOptionsQuery, studentCurrentQuery } from '../queries'
import { genderLabel } from './gender'
import { rejectionMessages } from '../../../lib/sync/rejection-messages'

type DialogProps = {
  schoolId: number
  item: OutboxItem
  onClose: () => void
  /** Called once the conflict is settled: the user's values saved (mine) or dropped (theirs). */
  onResolved: (outcome: 'mine' | 'theirs') => void
}

export function StudentConflictDialog({ schoolId, item, onClose, onResolved }: DialogProps) {
  const { t, i18n } = useLingui()
  const mine = item.body as StudentBody
  const yearId = Number(item.scope.yearId)
  // The 409 carried the server's version: show it at once (even offline), then refresh it when online.
  const current = useQuery({
    ...studentCurrentQuery(schoolId, yearId, item.recordId ?? 0),
    initialData: item.rejection?.current as Student | undefined,
    initialDataUpdatedAt: 0,
  })
  const classes = useQuery(classOptionsQuery(schoolId)).data ?? []
  const resolve = useResolveStudentConflict(schoolId)
  const [busy, setBusy] = useState(false)
  const theirs = current.data

  const rows: ConflictRow[] | undefined = theirs && [
    { key: 'first_name', label: t`First name`, mine: mine.first_name, theirs: theirs.first_name },
    { key: 'last_name', label: t`Last name`, mine: mine.last_name, theirs: theirs.last_name },
    { key: 'arabic_name', label: t`Arabic name`, mine: mine.arabic_name, theirs: theirs.arabic_name, dir: 'rtl' },
    { key: 'enrollment_code', label: t`Enrollment code`, mine: mine.enrollment_code, theirs: theirs.enrollment_code, dir: 'ltr' },
    { key: 'gender', label: t`Gender`, mine: genderLabel(i18n, mine.gender), theirs: genderLabel(i18n, theirs.gender) },
    {
      key: 'class', label: t`Class`,
      mine: classes.find((c) => c.id === mine.class_relation)?.name ?? `#${mine.class_relation}`,
      theirs: theirs.class_name,
    },
    { key: 'user_field_1', label: t`User field 1`, mine: mine.user_field_1, theirs: theirs.user_field_1 },
    { key: 'user_field_2', label: t`User field 2`, mine: mine.user_field_2, theirs: theirs.user_field_2 },
    { key: 'user_field_3', label: t`User field 3`, mine: mine.user_field_3, theirs: theirs.user_field_3 },
    { key: 'user_field_4', label: t`User field 4`, mine: mine.user_field_4, theirs: theirs.user_field_4 },
  ]

  const keepMine = async () => {
    if (!theirs) return
    setBusy(true)
    try {
      const after = await resolve.keepMine(item, theirs.updated_at)
      if (!after) {
        showToast('success', t`Your version of the student was saved.`)
        onResolved('mine')
      } else if (isStudentConflict(after)) {
        // Changed again meanwhile: show the newest version.
        await current.refetch()
      } else if (after.status === 'rejected') {
        showToast('error', rejectionMessages(after).join(' ')
          || t`The student could not be saved.`)
        onClose()
      } else {
        showToast('info', t`Your version will be sent when the connection is back.`)
        onResolved('mine')
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
      title={<Trans>This student was changed by someone else</Trans>}
      subject={item.label}
      rows={rows}
      loading={current.isPending}
      error={current.isError ? describeError(i18n, current.error).join(' ') : undefined}
      onRetry={() => void current.refetch()}
      busy={busy}
      onKeepMine={() => void keepMine()}
      onUseTheirs={() => void takeTheirs()}
      onClose={onClose}
    />
  )
}

/**
 * Student changes the server refused, each with a way out: conflicts open the side-by-side view; other
 * refusals show the server's messages and can be discarded. `recordId` narrows it to one student (edit page).
 */
export function RejectedStudentsBanner({ schoolId, recordId }: { schoolId: number; recordId?: number }) {
  const { t } = useLingui()
  const all = useRejectedStudents(schoolId)
  const rejected = recordId === undefined ? all : all.filter((item) => item.recordId === recordId)
  const discard = useDiscardWrite()
  const [openId, setOpenId] = useState<string | null>(null)
  const open = rejected.find((item) => item.id === openId && isStudentConflict(item))
  if (rejected.length === 0) return null
  const count = rejected.length

  return (
    <div role="alert" className="mb-4 rounded-xl bg-rose-50 p-4 text-sm text-rose-900 ring-1 ring-rose-200">
      <p className="flex items-center gap-2 font-medium">
        <AlertIcon className="size-5 shrink-0" />
        <Plural value={count}
          one="# student change was not saved. Review it to keep your version or the current one."
          other="# student changes were not saved. Review them to keep your version or the current one." />
      </p>
      <ul className="mt-3 space-y-2 ps-7">
        {rejected.map((item) => {
          const name = item.label
          const conflict = isStudentConflict(item)
          const messages = conflict ? [] : rejectionMessages(item)
          return (
            <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-medium">{name}</span>
              {conflict
                ? <span className="text-rose-800"><Trans>Changed by someone else while you were editing.</Trans></span>
                : <span className="text-rose-800">{messages.join(' ')}</span>}
              {conflict ? (
                <Button size="sm" variant="secondary" aria-label={t`Review conflict: ${name}`} onClick={() => setOpenId(item.id)}>
                  <Trans>Review</Trans>
                </Button>
              ) : (
                <Button size="sm" variant="ghost" className="text-rose-700 hover:bg-rose-100" aria-label={t`Discard change: ${name}`}
                  onClick={() => { if (window.confirm(t`Discard this change? It will not be sent.`)) void discard(item.id) }}>
                  <Trans>Discard</Trans>
                </Button>
              )}
            </li>
          )
        })}
      </ul>
      {open && (
        <StudentConflictDialog schoolId={schoolId} item={open} onClose={() => setOpenId(null)} onResolved={() => setOpenId(null)} />
      )}
    </div>
  )
}
