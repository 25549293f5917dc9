import { createFileRoute } from '@tanstack/react-router'
import { DateField } from '../../../../features/reports/components/date-field'
import { AgreementSummaryTable } from '../../../../features/second-scoring/components/agreement-summary'
import { ReadingsToScore } from '../../../../features/second-scoring/components/readings-to-score'
import { allowSecondScoring } from './-second-scoring-route'

export const Route = createFileRoute('/_app/report/second-scoring/')({
  beforeLoad: allowSecondScoring,
  component: SecondScoringHome,
})

const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/** The readings the user was asked to score, and agreement between scorers over the last year by default. */
function SecondScoringHome() {
  const { profile } = Route.useRouteContext()
  const today = new Date()
  const yearAgo = new Date(today)
  yearAgo.setFullYear(today.getFullYear() - 1)
  return (
    <div className="space-y-6">
      <ReadingsToScore />
      <AgreementSummaryTable bySchoolAllowed={profile.profile.role !== 'teacher'} initialFrom={isoDay(yearAgo)} initialTo={isoDay(today)}
        dateField={(label, value, onChange) => <DateField label={label} value={value} onChange={onChange} />} />
    </div>
  )
}
