// The cue analysis of a sitting, a student's sittings or a class (ADR 0121): how many errors and self-corrections
// were coded, and how many of them used each cue category (meaning, structure, visual; the Arabic categories).
import { Trans } from '@lingui/react/macro'
import type { CueSummary } from '../../../../shared/reports/cue-categories'
import { getLanguage } from '../../../lib/i18n/language'

export function CueSummaryTable({ summary, testId }: { summary: CueSummary | undefined; testId: string }) {
  if (!summary || summary.analysable === 0) return null
  const arabic = getLanguage() === 'ar'
  const { coded, analysable } = summary
  return (
    <div className="space-y-2" data-testid={testId}>
      <p className="text-sm text-slate-700"><Trans>{coded} of {analysable} errors and self-corrections coded for the cues used.</Trans></p>
      {summary.cues.length > 0 && (
        <table className="w-full max-w-md text-sm">
          <caption className="text-start text-sm font-medium text-slate-700"><Trans>Cues used</Trans></caption>
          <thead className="text-slate-500"><tr>
            <th scope="col" className="py-1 text-start font-medium"><Trans>Cue</Trans></th>
            <th scope="col" className="py-1 text-end font-medium"><Trans>Marks</Trans></th>
            <th scope="col" className="py-1 text-end font-medium"><Trans>Of the coded marks</Trans></th>
          </tr></thead>
          <tbody>
            {summary.cues.map((c) => (
              <tr key={c.code} className="border-t border-slate-100">
                <th scope="row" className="py-1 text-start font-normal">
                  <span aria-hidden="true" className="me-1 font-semibold">{arabic ? c.arabic_short_name : c.short_name}</span>
                  {arabic ? c.arabic_display_name : c.display_name}
                </th>
                <td className="py-1 text-end tabular-nums">{c.count}</td>
                <td className="py-1 text-end tabular-nums">{c.percentage}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

/** The cues of one sitting in a few characters for a table cell: "Meaning 2 · Visual 1". */
export function cueCountsText(summary: CueSummary | undefined): string {
  if (!summary || summary.cues.length === 0) return '—'
  const arabic = getLanguage() === 'ar'
  return summary.cues.map((c) => `${arabic ? c.arabic_display_name : c.display_name} ${c.count}`).join(' · ')
}
