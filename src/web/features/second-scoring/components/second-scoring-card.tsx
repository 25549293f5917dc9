// The sitting report's way into a second scoring (issue 27): score the reading blind (anyone who may, except the
// teacher who recorded it), and compare the scorings (school staff, the recording teacher, and a teacher once
// they scored it). Only a passage that is not void is scored a second time.
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

export function SecondScoringCard({ place, canScore, canCompare, children }: {
  place: { schoolId: number; classId: number; sittingId: number }
  canScore: boolean
  canCompare: boolean
  /** More ways in (asking someone to score it). */
  children?: ReactNode
}) {
  const params = { schoolId: String(place.schoolId), classId: String(place.classId), sittingId: String(place.sittingId) }
  const link = 'inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-medium ring-1 ring-inset ring-slate-300 text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
  return (
    <section aria-labelledby="second-scoring-title" className="space-y-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="second-scoring-card">
      <h2 id="second-scoring-title" className="text-base font-semibold text-slate-900"><Trans>Second scoring</Trans></h2>
      <p className="text-sm text-slate-700">
        <Trans>A second person scores the reading from its recording without seeing these marks; the two scorings are then compared word by word.</Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        {canScore && (
          <Link to="/report/second-scoring/$schoolId/$classId/$sittingId/score" params={params} className={link}><Trans>Score it blind from the recording</Trans></Link>
        )}
        {canCompare && (
          <Link to="/report/second-scoring/$schoolId/$classId/$sittingId/compare" params={params} className={link}><Trans>Compare the scorings</Trans></Link>
        )}
      </div>
      {children}
    </section>
  )
}
