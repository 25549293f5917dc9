// Choosing what to record: class, student, passage, and whether to record audio. Works offline from the kit kept
// on this device; each state says what to do (loading, offline without a copy, no class, no passage).
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { KeptTime } from '../../../components/offline/kept-time'
import { Button } from '../../../components/ui/button'
import { AlertIcon } from '../../../components/ui/icons'
import { Spinner } from '../../../components/ui/spinner'
import { getLanguage } from '../../../lib/i18n/language'
import type { CaptureKit } from '../../../../shared/schemas/capture'
import { recordingSupported } from '../audio-recorder'
import { profileFor, studentName } from '../new-capture'
import { levelsOf } from '../../../../shared/reports/scoring-profile'

export type NewSitting = { classId: number; studentId: number; assessmentId: number; recordAudio: boolean; textLevel: string | null }

type KitQuery = { data: CaptureKit | undefined; dataUpdatedAt: number; isPending: boolean; isError: boolean; refetch: () => unknown }

export function NewSittingForm({ kit, online, onStart }: { kit: KitQuery; online: boolean; onStart: (choice: NewSitting) => Promise<void> }) {
  const { t } = useLingui()
  const id = useId()
  const [classId, setClassId] = useState(0)
  const [studentId, setStudentId] = useState(0)
  const [assessmentId, setAssessmentId] = useState(0)
  const [recordAudio, setRecordAudio] = useState(recordingSupported())
  const [textLevel, setTextLevel] = useState('')
  const [busy, setBusy] = useState(false)
  const arabic = getLanguage() === 'ar'

  if (!kit.data) {
    if (kit.isError) {
      return (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-rose-50 p-4 text-sm text-rose-800 ring-1 ring-rose-200">
          <AlertIcon className="size-5" />
          {online
            ? <Trans>Your classes and passages could not be loaded.</Trans>
            : <Trans>You are offline and your classes and passages are not saved on this device yet. Open this page once with a connection to keep them for offline work.</Trans>}
          {online && <button type="button" className="font-medium underline" onClick={() => void kit.refetch()}><Trans>Try again</Trans></button>}
        </div>
      )
    }
    return <p role="status" className="flex items-center gap-2 text-sm text-slate-500"><Spinner className="size-4" /><Trans>Loading your classes…</Trans></p>
  }

  const data = kit.data
  if (data.classes.length === 0) {
    return <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200"><Trans>You have no class to record for in this academic year. Ask your administrator to add you to your classes.</Trans></p>
  }
  if (data.assessments.length === 0) {
    return <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200"><Trans>No reading passages are available to your institution yet.</Trans></p>
  }
  const students = data.classes.find((c) => c.id === classId)?.students ?? []
  const ready = classId > 0 && studentId > 0 && assessmentId > 0
  const passage = data.assessments.find((a) => a.id === assessmentId)
  // Profiles whose bands depend on the text's level (F&P) ask for it; the others do not.
  const levels = passage ? levelsOf(profileFor(data, passage.direction).rules) : []

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!ready || busy) return
    setBusy(true)
    try {
      await onStart({ classId, studentId, assessmentId, recordAudio, textLevel: levels.includes(textLevel) ? textLevel : null })
    } finally {
      setBusy(false)
    }
  }

  const select = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand-600'
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900"><Trans>New sitting</Trans></h2>
      <div className="grid gap-4 md:grid-cols-3">
        <div>
          <label htmlFor={`${id}-class`} className="block text-sm font-medium text-slate-700"><Trans>Class</Trans></label>
          <select id={`${id}-class`} className={select} value={classId} onChange={(e) => { setClassId(Number(e.target.value)); setStudentId(0) }}>
            <option value={0}>{t`Choose a class`}</option>
            {data.classes.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-student`} className="block text-sm font-medium text-slate-700"><Trans>Student</Trans></label>
          <select id={`${id}-student`} className={select} value={studentId} disabled={classId === 0} onChange={(e) => setStudentId(Number(e.target.value))}>
            <option value={0}>{classId === 0 ? t`Choose a class first` : students.length ? t`Choose a student` : t`This class has no students`}</option>
            {students.map((s) => <option key={s.id} value={s.id}>{studentName(s, arabic)}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-passage`} className="block text-sm font-medium text-slate-700"><Trans>Passage</Trans></label>
          <select id={`${id}-passage`} className={select} value={assessmentId} onChange={(e) => setAssessmentId(Number(e.target.value))}>
            <option value={0}>{t`Choose a passage`}</option>
            {data.assessments.map((a) => <option key={a.id} value={a.id}>{a.title}</option>)}
          </select>
        </div>
      </div>
      {levels.length > 0 && (
        <div className="max-w-xs">
          <label htmlFor={`${id}-level`} className="block text-sm font-medium text-slate-700"><Trans>Text level</Trans></label>
          <select id={`${id}-level`} className={select} value={textLevel} aria-describedby={`${id}-level-help`} onChange={(e) => setTextLevel(e.target.value)}>
            <option value="">{t`Not given`}</option>
            {levels.map((level) => <option key={level} value={level}>{level}</option>)}
          </select>
          <p id={`${id}-level-help`} className="mt-1 text-xs text-slate-500"><Trans>The scoring profile's accuracy bands depend on the level of the text read.</Trans></p>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <label className="inline-flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-5 rounded border-slate-300 text-brand-700" checked={recordAudio} disabled={!recordingSupported()}
            onChange={(e) => setRecordAudio(e.target.checked)} />
          {recordingSupported() ? <Trans>Record audio while the student reads</Trans> : <Trans>Audio recording is not available in this browser</Trans>}
        </label>
        <Button type="submit" disabled={!ready || busy} className="min-h-11 px-6 text-base"><Trans>Start sitting</Trans></Button>
      </div>
      <KeptTime at={kit.dataUpdatedAt} />
    </form>
  )
}
