// The conflict view of a class edit the server refused because the class changed meanwhile (409):
// the user's values beside the server's, and the banner that lists such edits on the class list.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { SchoolClass } from '../../../../shared/schemas/class'
import { VersionConflictDialog } from '../../../components/form/version-conflict-dialog'
import type { ConflictRow } from '../../../components/form/version-conflict-dialog'
import { Button } from '../../../components/ui/button'
import { AlertIcon } from '../../../components/ui/icons'
import { describeError } from '../../../lib/api/error-messages'
import type { OutboxItem } from '../../../lib/db/db'
import { showToast } from '../../../lib/notify/toasts'
import { isClassConflict, useClassConflicts, useResolveClassConflict } from '../mutations'
import type { ClassBody } from '../mutations'
import {
  classCurrentQuery, gradeOptionsQuery, sectionOptionsQuery, subjectOptionsQuery, teacherOptionsQuery,
} from '../queries'
import { subjectName } from './subject-name'
import { rejectionMessages } from '../../../lib/sync/rejection-messages'

type Props = {
  schoolId: number
  item: OutboxItem
  onClose: () => void
  /** Called once the conflict is settled: the user's values saved (mine) or dropped (theirs). */
  onResolved: (outcome: 'mine' | 'theirs') => void
}

export function ClassConflictDialog({ schoolId, item, onClose, onResolved }: Props) {
  const { t, i18n } = useLingui()
  const mine = item.body as ClassBody
  const yearId = Number(item.scope.yearId ?? mine.academic_year)
  const current = useQuery(classCurrentQuery(schoolId, yearId, item.recordId ?? 0))
  const grades = useQuery(gradeOptionsQuery(schoolId)).data ?? []
  const sections = useQuery(sectionOptionsQuery(schoolId)).data ?? []
  const subjects = useQuery(subjectOptionsQuery()).data ?? []
  const teachers = useQuery(teacherOptionsQuery(schoolId)).data ?? []
  const resolve = useResolveClassConflict(schoolId)
  const [busy, setBusy] = useState(false)

  const names = (ids: readonly number[], options: readonly { id: number; name: string }[]) =>
    ids.map((id) => options.find((o) => o.id === id)?.name ?? `#${id}`).sort().join(', ')
  const subjectOptions = subjects.map((s) => ({ id: s.id, name: subjectName(s, i18n.locale) }))
  const theirs: SchoolClass | undefined = current.data
  const rows: ConflictRow[] | undefined = theirs && [
    { key: 'identifier', label: t`Identifier`, mine: mine.identifier, theirs: theirs.identifier },
    { key: 'class_name', label: t`Class name`, mine: mine.class_name, theirs: theirs.display_name },
    { key: 'grade', label: t`Grade`, mine: names([mine.grade], grades), theirs: theirs.grade_name },
    { key: 'section', label: t`Section`, mine: mine.section ? names([mine.section], sections) : '', theirs: theirs.section_name ?? '' },
    { key: 'subjects', label: t`Subjects`, mine: names(mine.subjects, subjectOptions), theirs: names(theirs.subjects, subjectOptions) },
    { key: 'teachers', label: t`Teachers`, mine: names(mine.teachers, teachers), theirs: names(theirs.teachers, teachers) },
  ]

  const keepMine = async () => {
    if (!theirs) return
    setBusy(true)
    try {
      const after = await resolve.keepMine(item, theirs.updated_at)
      if (!after) {
        showToast('success', t`Your version of the class was saved.`)
        onResolved('mine')
      } else if (isClassConflict(after)) {
        // Changed again meanwhile: show the newest version.
        await current.refetch()
      } else {
        showToast('error', rejectionMessages(after).join(' ')
          || t`The class could not be saved.`)
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
      title={<Trans>This class was changed by someone else</Trans>}
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

/** On the class list: edits made offline that conflicted when they were sent, each with a way to review it. */
export function ClassConflictBanner({ schoolId }: { schoolId: number }) {
  const { t } = useLingui()
  const conflicts = useClassConflicts(schoolId)
  const [openId, setOpenId] = useState<string | null>(null)
  const open = conflicts.find((c) => c.id === openId)
  if (conflicts.length === 0) return null
  const count = conflicts.length
  return (
    <div role="alert" className="mb-4 rounded-xl bg-rose-50 p-4 text-sm text-rose-900 ring-1 ring-rose-200">
      <p className="flex items-center gap-2 font-medium">
        <AlertIcon className="size-5 shrink-0" />
        <Plural value={count}
          one="# class change could not be saved because someone else changed the same class."
          other="# class changes could not be saved because someone else changed the same classes." />
      </p>
      <ul className="mt-2 space-y-1.5 ps-7">
        {conflicts.map((item) => {
          const name = item.label
          return (
            <li key={item.id} className="flex flex-wrap items-center gap-3">
              <span>{name}</span>
              <Button size="sm" variant="secondary" aria-label={t`Review conflict: ${name}`} onClick={() => setOpenId(item.id)}>
                <Trans>Review</Trans>
              </Button>
            </li>
          )
        })}
      </ul>
      {open && <ClassConflictDialog schoolId={schoolId} item={open} onClose={() => setOpenId(null)} onResolved={() => setOpenId(null)} />}
    </div>
  )
}
