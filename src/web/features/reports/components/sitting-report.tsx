// The student sitting report (spec §2): the first card (student, and the sitting's details when they
// exist), the content card with the miscues marked in their colours, the pie of attempted, correct and
// questions with its legend (only with chart data, colours and details; otherwise the empty message),
// and the audio player.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { PieChart } from '../../../components/charts/pie-chart'
import { KeptTime } from '../../../components/offline/kept-time'
import type { Kept } from '../../../components/offline/kept-time'
import { SignedInAudio } from '../../../components/media/signed-in-audio'
import type { StudentAccuracy } from '../../../../shared/schemas/report'
import type { Sitting } from '../../../../shared/schemas/sitting'
import { ratioText } from '../../../../shared/reports/figures'
import { getLanguage } from '../../../lib/i18n/language'
import { safeSittingHtml } from '../safe-html'
import { BandLabel } from '../../../components/ui/band-label'
import { Detail, GenderText, fullName } from './student-card'
import { ReadingTimingNotes } from './reading-timing-notes'
import { RemoveSitting } from './remove-sitting'
import { SittingChanges } from './sitting-changes'
import { SittingTrailCard, VoidNotice } from './sitting-trail-card'
import { ComprehensionCard, LevelDecisionLabel, PerMinuteDetail } from './comprehension-card'
import { CueSummaryTable } from './cue-summary'

/** Chart colours (Okabe-Ito, colour-blind safe) plus a pattern per slice. */
export const SITTING_CHART_COLORS = { correct: '#009E73', errors: '#D55E00', notReached: '#56B4E9' } as const

/** The types the sitting was scored with differently from the institution's taxonomy now, by name. */
function scoredFlagsText(detail: Sitting, arabic: boolean, say: (name: string, counts: boolean) => string): string {
  const names = new Map(detail.miscues.map((m) => [m.miscue_code, arabic && m.arabic_miscue ? m.arabic_miscue : m.miscue]))
  return Object.entries(detail.scored_flags ?? {}).map(([code, counts]) => say(names.get(code) ?? code, counts)).join(arabic ? '، ' : ', ')
}

export function SittingReport({ student, sitting, onRemoved, canChange = false, children }: {
  student: StudentAccuracy['student']
  sitting: Kept<Sitting> | null
  /** Given to roles that may remove reading records (school staff): shows the removal, called once it is done. */
  onRemoved?: () => void
  /** School staff, and the teacher who recorded it: may correct, rescore, void or restore it (ADR 0123). */
  canChange?: boolean
  /** Shown after the changes: the second scoring's ways in. */
  children?: ReactNode
}) {
  const { t, i18n } = useLingui()
  const s = student
  const detail = sitting?.data
  const arabic = getLanguage() === 'ar'
  const hasChart = Boolean(detail && detail.total_question > 0)
  const fluencyErrors = detail?.fluency_error_count
  const profileVersion = detail?.scoring_profile?.version
  const chartCaption = ({ total_question: words, total_attempted: attempted, total_correct: correct }: Sitting) =>
    t({ message: plural(words, { one: `Of # word: ${attempted} attempted, ${correct} correct`, other: `Of # words: ${attempted} attempted, ${correct} correct` }) })
  return (
    <div className="space-y-6">
      <section aria-labelledby="sitting-student" className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="sitting-student" className="text-xl font-semibold">
          <Link to="/report/$studentId/student" params={{ studentId: String(s.id) }} className="text-brand-700 hover:underline">{fullName(s)}</Link>
        </h2>
        {detail?.voided && <VoidNotice voided={detail.voided} />}
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Detail label={<Trans>Enrollment code</Trans>}><span dir="ltr">{s.enrollment_code}</span></Detail>
          <Detail label={<Trans>Gender</Trans>}><GenderText gender={s.gender} /></Detail>
          <Detail label={<Trans>Class</Trans>}>{detail?.class_name || '—'}</Detail>
          {detail && (
            <>
              <Detail label={<Trans>Assessment</Trans>}>{detail.assessment_name}</Detail>
              <Detail label={<Trans>Assessment type</Trans>}>{detail.assessment_type || '—'}</Detail>
              <Detail label={<Trans>Teacher</Trans>}>{detail.teacher_name || '—'}</Detail>
              <Detail label={<Trans>Score</Trans>}><span className="tabular-nums">{Math.round(detail.score)}%</span> {detail.band && <BandLabel band={detail.band} />}</Detail>
              <Detail label={<Trans>Duration</Trans>}><span dir="ltr">{detail.duration}</span></Detail>
              <Detail label={<Trans>Recorded on the device</Trans>}>{detail.created_in_device_at ? i18n.date(new Date(detail.created_in_device_at), { dateStyle: 'medium', timeStyle: 'short' }) : '—'}</Detail>
              <Detail label={<Trans>Academic year</Trans>}><span dir="ltr">{detail.academic_year_name}</span></Detail>
              <PerMinuteDetail sitting={detail} />
              {detail.level_decision && (
                <Detail label={<Trans>Level of this text</Trans>}><span data-testid="level-decision"><LevelDecisionLabel decision={detail.level_decision} /></span></Detail>
              )}
              <Detail label={<Trans>Errors</Trans>}>
                <span className="tabular-nums">{detail.error_count}</span>
                {fluencyErrors !== detail.error_count && (
                  <span className="text-slate-600"> <Trans>({fluencyErrors} counted against WCPM)</Trans></span>
                )}
              </Detail>
              <Detail label={<Trans>Error rate</Trans>}><span dir="ltr" className="tabular-nums">{ratioText(detail.error_rate) || '—'}</span></Detail>
              <Detail label={<Trans>Self-correction rate</Trans>}><span dir="ltr" className="tabular-nums">{ratioText(detail.self_correction_ratio) || '—'}</span></Detail>
              {detail.scoring_profile && (
                <Detail label={<Trans>Scored with</Trans>}>
                  {arabic ? detail.scoring_profile.arabic_display_name : detail.scoring_profile.display_name}{' '}
                  <span className="text-slate-600"><Trans>(version {profileVersion})</Trans></span>
                </Detail>
              )}
              <Detail label={<Trans>Notes</Trans>}>{detail.notes || '—'}</Detail>
            </>
          )}
        </dl>
        {detail?.scored_flags && (
          <p className="text-sm text-slate-700" data-testid="scored-flags">
            <Trans>Scored as the tablet counted these miscue types when the student read (the institution has changed them since):</Trans>{' '}
            {scoredFlagsText(detail, arabic, (name, counts) => (counts ? t`${name} counted as an error` : t`${name} not counted as an error`))}
          </p>
        )}
        {detail && <ReadingTimingNotes sitting={detail} />}
        {detail?.audio_url && (
          <div className="space-y-1">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500"><Trans>Audio</Trans></p>
            <SignedInAudio path={detail.audio_url} label={t`Recording of this sitting`} />
          </div>
        )}
        {sitting && <KeptTime at={sitting.dataUpdatedAt} />}
        {detail && onRemoved && <RemoveSitting sitting={detail} onRemoved={onRemoved} />}
      </section>
      {detail && canChange && <SittingChanges key={detail.version} sitting={detail} />}
      {children}
      {detail && <SittingTrailCard trail={detail.trail} />}
      {detail?.comprehension && <ComprehensionCard comprehension={detail.comprehension} />}
      {detail && (
        <section aria-labelledby="sitting-content" className="space-y-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="sitting-content" className="text-base font-semibold text-slate-900"><Trans>What the student read</Trans></h2>
          <div dir={detail.direction} className="sitting-content text-lg leading-loose" data-testid="sitting-content"
            dangerouslySetInnerHTML={{ __html: safeSittingHtml(detail.content) }} />
          {detail.miscues.length > 0 && (
            <ul className="flex flex-wrap gap-3 text-sm" aria-label={t`Miscue colours`}>
              {detail.miscues.map((m) => (
                <li key={m.miscue_code} className="inline-flex items-center gap-1.5">
                  <span aria-hidden="true" className="inline-block size-3 rounded-sm ring-1 ring-slate-300" style={{ backgroundColor: m.color_code }} />
                  {arabic && m.arabic_miscue ? m.arabic_miscue : m.miscue} <span className="tabular-nums text-slate-500">{m.count} · {Math.round(m.percentage)}%</span>
                </li>
              ))}
            </ul>
          )}
          <CueSummaryTable summary={detail.cue_summary} testId="sitting-cue-summary" />
        </section>
      )}
      <section aria-labelledby="sitting-chart" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="sitting-chart" className="mb-3 text-base font-semibold text-slate-900"><Trans>Accuracy</Trans></h2>
        {hasChart && detail ? (
          <PieChart caption={chartCaption(detail)}
            valueHeader={t`Words`} shareHeader={t`Share`}
            slices={[
              { key: 'correct', label: t`Read correctly`, value: detail.total_correct, color: SITTING_CHART_COLORS.correct },
              { key: 'errors', label: t`Attempted, with errors`, value: Math.max(0, detail.total_attempted - detail.total_correct), color: SITTING_CHART_COLORS.errors },
              { key: 'not-reached', label: t`Not reached`, value: Math.max(0, detail.total_question - detail.total_attempted), color: SITTING_CHART_COLORS.notReached },
            ]} />
        ) : (
          <p className="text-sm text-slate-600"><Trans>There is no accurate miscue data for this sitting.</Trans></p>
        )}
      </section>
    </div>
  )
}
