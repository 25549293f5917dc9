// Changing a sitting after it was recorded (ADR 0123): correct its marks on the passage, rescore it with another
// profile, or void it; a void one can only be restored. Each with a reason, on the version this screen read. Sent through the outbox like every
// write, so a change made offline is sent when the connection is back; a change on a version someone else has
// changed since is refused (409) and shown with the server's sentence.
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useId, useState, type ReactNode } from 'react'
import * as v from 'valibot'
import { api } from '../../../../shared/api'
import type { Sitting, SittingMarkInput } from '../../../../shared/schemas/sitting'
import { SittingCorrectionSchema, SittingRescoreSchema, SittingRestoreSchema, SittingVoidSchema } from '../../../../shared/schemas/sitting-version'
import { passageLanguage } from '../../../../shared/reports/scoring-profile'
import { Button } from '../../../components/ui/button'
import { validationMessage } from '../../../lib/i18n/validation-messages'
import { getLanguage } from '../../../lib/i18n/language'
import { showToast } from '../../../lib/notify/toasts'
import { useOutbox } from '../../../lib/sync/outbox-context'
import { rejectionMessages } from '../../../lib/sync/rejection-messages'
import { reportKeys } from '../queries'
import { sittingChoicesQuery } from '../sitting-queries'

// The marking board comes only when a correction opens (asked for as the button is pointed at or focused), so the
// sitting report's first visit does not carry it (bench/budgets.json). The service worker precaches it for offline.
const loadCorrectionMarking = () => import('./correction-marking')
const CorrectionMarking = lazy(() => loadCorrectionMarking().then((m) => ({ default: m.CorrectionMarking })))

type Mode = 'correct' | 'rescore' | 'void' | 'restore' | null

export function SittingChanges({ sitting }: { sitting: Sitting }) {
  const { t, i18n } = useLingui()
  const outbox = useOutbox()
  const id = useId()
  const [mode, setMode] = useState<Mode>(null)
  const [reason, setReason] = useState('')
  /** The marks as corrected so far, told by the board (it starts from the recorded ones each time it opens). */
  const [corrected, setCorrected] = useState<SittingMarkInput[]>([])
  const [profile, setProfile] = useState('')
  const [errors, setErrors] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const choices = useQuery(sittingChoicesQuery(mode === 'correct' || mode === 'rescore'))
  const arabic = getLanguage() === 'ar'
  const language = passageLanguage(sitting.direction)
  // The types as this sitting was scored: a correction is scored with the flags it was scored with (ADR 0118).
  const types = (choices.data?.types ?? []).filter((ty) => ty.active && (ty.language === null || ty.language === language))
    .map((ty) => ({ ...ty, counts_as_error: sitting.scored_flags?.[ty.code] ?? ty.counts_as_error }))
  const profiles = (choices.data?.scoring.profiles ?? []).filter((p) => !(p.id === sitting.scoring_profile?.id && p.version === sitting.scoring_profile?.version))

  const doneMessage = (done: NonNullable<Mode>) => {
    if (done === 'void') return t`The reading record is void. It no longer counts in any report.`
    if (done === 'restore') return t`The reading record is restored. It counts in every report again.`
    return t`The reading record was changed. Its earlier version is kept in its history.`
  }

  const open = (next: Mode) => {
    setMode(next)
    setReason('')
    setErrors([])
  }

  async function send() {
    const base = { version: sitting.version, reason }
    const chosen = profiles.find((p) => String(p.id) === profile)
    const parsed = mode === 'correct'
      ? v.safeParse(SittingCorrectionSchema, { ...base, marks: corrected })
      : mode === 'rescore'
        ? v.safeParse(SittingRescoreSchema, { ...base, scoring_profile: chosen ? { id: chosen.id, version: chosen.version } : undefined })
        : v.safeParse(mode === 'restore' ? SittingRestoreSchema : SittingVoidSchema, base)
    if (!parsed.success) {
      setErrors([validationMessage(i18n, parsed.issues[0])])
      return
    }
    const path = { correct: api.sittingCorrection, rescore: api.sittingRescore, void: api.sittingVoid, restore: api.sittingRestore }[mode!]
    setBusy(true)
    try {
      const result = await outbox.enqueue({
        entity: 'sitting-correction', operation: 'create', method: 'POST', path: path(sitting.school, sitting.class, sitting.id),
        body: parsed.output, invalidates: reportKeys.all, scope: { schoolId: sitting.school }, label: sitting.student_name,
      })
      if (result.state === 'rejected') {
        await outbox.discard(result.item.id)
        setErrors(rejectionMessages(result.item))
        return
      }
      if (result.state === 'accepted') showToast('success', doneMessage(mode!))
      else showToast('info', t`You are offline. The change is saved on this device and will be sent when you are back online.`)
      setMode(null)
    } finally {
      setBusy(false)
    }
  }

  const reasonField = (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-700"><Trans>Reason for the change</Trans></label>
      <textarea id={`${id}-reason`} value={reason} rows={2} maxLength={1000}
        onChange={(event) => {
          setReason(event.target.value)
          setErrors([])
        }}
        aria-invalid={errors.length > 0 || undefined} aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30" />
    </div>
  )

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900"><Trans>Change this reading record</Trans></h2>
      {sitting.voided ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" aria-expanded={mode === 'restore'} onClick={() => open('restore')}><Trans>Restore this reading record</Trans></Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" aria-expanded={mode === 'correct'} onClick={() => open('correct')} disabled={sitting.words.length === 0}
            onPointerEnter={() => void loadCorrectionMarking()} onFocus={() => void loadCorrectionMarking()}><Trans>Correct the marks</Trans></Button>
          <Button variant="secondary" aria-expanded={mode === 'rescore'} onClick={() => open('rescore')}><Trans>Rescore with another profile</Trans></Button>
          <Button variant="secondary" aria-expanded={mode === 'void'} onClick={() => open('void')}><Trans>Void this reading record</Trans></Button>
        </div>
      )}
      {mode && (
        <div className="space-y-3 border-t border-slate-200 pt-3">
          {mode === 'correct' && (
            <Suspense fallback={<p role="status" className="text-sm text-slate-600"><Trans>Loading…</Trans></p>}>
              <CorrectionMarking sitting={sitting} types={types} onMarks={setCorrected} />
            </Suspense>
          )}
          {mode === 'rescore' && (
            <Field id={`${id}-profile`} label={<Trans>Scoring profile</Trans>}>
              <select id={`${id}-profile`} value={profile} onChange={(event) => setProfile(event.target.value)}
                className="block rounded-md border border-slate-300 px-3 py-2 text-sm">
                <option value="">{t`Choose a profile`}</option>
                {profiles.map(({ id: profileId, version, display_name, arabic_display_name }) => (
                  <option key={profileId} value={String(profileId)}>{arabic ? arabic_display_name : display_name} ({t`version ${version}`})</option>
                ))}
              </select>
            </Field>
          )}
          {mode === 'void' && (
            <p className="text-sm text-slate-700"><Trans>A void reading record stays as evidence with its recording, but no longer counts in any report. It can be restored if it was voided by mistake.</Trans></p>
          )}
          {mode === 'restore' && (
            <p className="text-sm text-slate-700"><Trans>A restored reading record counts in every report again, with its figures as they were. The void stays in its history.</Trans></p>
          )}
          {reasonField}
          {errors.length > 0 && <p id={`${id}-error`} role="alert" className="text-sm text-rose-700">{errors.join(' ')}</p>}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void send()} disabled={busy}>
              <SendLabel mode={mode} />
            </Button>
            <Button variant="secondary" onClick={() => setMode(null)} disabled={busy}><Trans>Cancel</Trans></Button>
          </div>
        </div>
      )}
    </section>
  )
}

function SendLabel({ mode }: { mode: NonNullable<Mode> }) {
  if (mode === 'correct') return <Trans>Save the correction</Trans>
  if (mode === 'rescore') return <Trans>Rescore</Trans>
  if (mode === 'void') return <Trans>Void</Trans>
  return <Trans>Restore</Trans>
}

function Field({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">{label}</label>
      {children}
    </div>
  )
}
