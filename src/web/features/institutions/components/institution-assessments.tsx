import { Trans } from '@lingui/react/macro'
import type { Assessment } from '../../../../shared/schemas/assessment'
import { Button } from '../../../components/ui/button'

/** The institution's assessments: listed only when there is at least one (spec §2). */
export function InstitutionAssessments({ assessments, error, onRetry }: {
  assessments: readonly Assessment[] | undefined
  error: unknown
  onRetry: () => void
}) {
  if (error && !assessments) {
    return (
      <p role="alert" className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-5 text-sm text-slate-600">
        <Trans>The institution's assessments could not be loaded.</Trans>
        <Button variant="secondary" size="sm" onClick={onRetry}><Trans>Try again</Trans></Button>
      </p>
    )
  }
  if (!assessments || assessments.length === 0) return null
  return (
    <section aria-labelledby="institution-assessments" className="space-y-3 border-t border-slate-100 pt-5">
      <h3 id="institution-assessments" className="text-sm font-semibold text-slate-900"><Trans>Assessments</Trans></h3>
      <div className="relative overflow-x-auto rounded-lg ring-1 ring-slate-200">
        <table className="min-w-full text-sm">
          <thead className="bg-slate-50 text-xs font-semibold text-slate-500">
            <tr>
              <th scope="col" className="px-3 py-2 text-start"><Trans>Title</Trans></th>
              <th scope="col" className="px-3 py-2 text-start"><Trans>Subject</Trans></th>
              <th scope="col" className="px-3 py-2 text-start"><Trans>Type</Trans></th>
              <th scope="col" className="px-3 py-2 text-start"><Trans>Levels</Trans></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {assessments.map((a) => (
              <tr key={a.id}>
                <td className="px-3 py-2 text-slate-800" dir="auto">{a.title}</td>
                <td className="px-3 py-2 text-slate-600">{a.subject_name}</td>
                <td className="px-3 py-2 text-slate-600">{a.assessment_type_name}</td>
                <td className="px-3 py-2 text-slate-600">{a.level_names}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
