import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { BlindScoringScreen, type BlindSaveState } from '../../../../../../../features/second-scoring/components/blind-scoring-screen'
import { ReportLoadState } from '../../../../../../../features/reports/components/report-load-state'
import { blindSittingQuery, markingTypesQuery } from '../../../../../../../features/second-scoring/queries'
import { startMarks } from '../../../../../../../features/second-scoring/start-marks'
import { useQueuedMarks, useSaveSecondScoring } from '../../../../../../../features/second-scoring/writes'
import { showToast } from '../../../../../../../lib/notify/toasts'
import { allowSecondScoring, placeOf } from '../../../-second-scoring-route'

export const Route = createFileRoute('/_app/report/second-scoring/$schoolId/$classId/$sittingId/score')({
  beforeLoad: allowSecondScoring,
  component: ScoreRoute,
})

/** The blind scoring of one sitting: read, marked and saved by the second-scoring feature, through the outbox. */
function ScoreRoute() {
  const { t } = useLingui()
  const params = Route.useParams()
  const place = placeOf(params)
  const navigate = useNavigate()
  const blind = useQuery(blindSittingQuery(place))
  const types = useQuery(markingTypesQuery())
  const queued = useQueuedMarks(place)
  const save = useSaveSecondScoring(place)
  const [saving, setSaving] = useState(false)
  const [errors, setErrors] = useState<string[]>([])
  if (!blind.data) return <ReportLoadState error={blind.error} onRetry={() => void blind.refetch()} />
  if (!types.data) return <ReportLoadState error={types.error} onRetry={() => void types.refetch()} />
  const view = blind.data
  // The outbox's pending save says 'queued' until the server has it; then the blind view's own marks say 'saved'.
  const state: BlindSaveState = queued ? 'queued' : view.mine ? 'saved' : 'unsaved'

  async function onSave(marks: Parameters<typeof save>[0]['marks']) {
    setSaving(true)
    setErrors([])
    try {
      const outcome = await save({ marks }, view.student_name)
      if (outcome.state === 'rejected') setErrors(outcome.messages)
      else if (outcome.state === 'not-stored') setErrors([t`This device has no space left to keep your scoring. Free some space and save again.`])
      else if (outcome.state === 'queued') showToast('info', t`You are offline. Your scoring is saved on this device and will be sent when you are back online.`)
      else {
        showToast('success', t`Your scoring is saved. Here is how it compares with the first.`)
        void navigate({ to: '/report/second-scoring/$schoolId/$classId/$sittingId/compare', params })
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <BlindScoringScreen key={`${view.id}:${queued ? 'queued' : 'server'}`} blind={view} types={types.data} start={startMarks(queued?.marks ?? null, view.mine)}
      saveState={state} saving={saving} errors={errors} onSave={(marks) => void onSave(marks)} />
  )
}
