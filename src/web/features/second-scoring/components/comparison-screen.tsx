// The two scorings of one sitting side by side (issue 27, ADR 0128): word by word, each disagreement named in
// words as well as colour (each scorer's type, what the child said, self-correction), percent agreement and
// Cohen's kappa on the word codes, and how accuracy, words correct per minute and band differ.
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ReactNode } from 'react'
import type { ComparedMark } from '../../../../shared/reports/scorer-agreement'
import type { ScoringComparison } from '../../../../shared/schemas/second-scoring'
import type { MiscueType } from '../../../../shared/schemas/scoring'
import { KeptTime } from '../../../components/offline/kept-time'
import type { Kept } from '../../../components/offline/kept-time'
import { BandLabel } from '../../../components/ui/band-label'
import { Badge } from '../../../components/ui/badge'
import { cx } from '../../../components/ui/cx'
import { getLanguage } from '../../../lib/i18n/language'
import { comparisonRows, shownRows } from '../comparison-rows'

type Second = ScoringComparison['seconds'][number]

/** The scorer's name without the address the server keeps beside it. */
const personOf = (scoredBy: string) => scoredBy.replace(/\s*<[^>]*>\s*$/u, '')

export function ComparisonScreen({ comparison, types, children }: {
  comparison: Kept<ScoringComparison>
  types: readonly MiscueType[]
  /** What follows the comparison of the second scoring shown (settling it), given the scoring. */
  children?: (second: Second) => ReactNode
}) {
  const data = comparison.data
  const [chosen, setChosen] = useState(0)
  const second = data.seconds[chosen] ?? data.seconds[0]
  return (
    <div className="space-y-6">
      <KeptTime at={comparison.dataUpdatedAt} />
      {!second ? (
        <p className="rounded-lg bg-white p-5 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200" data-testid="no-second-scoring">
          <Trans>Nobody has scored this reading a second time yet.</Trans>
        </p>
      ) : (
        <>
          {data.seconds.length > 1 && (
            <label className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <Trans>Second scoring by</Trans>
              <select value={chosen} onChange={(e) => setChosen(Number(e.target.value))} className="min-h-11 rounded-md border border-slate-300 px-3 text-sm">
                {data.seconds.map((s, i) => <option key={s.id} value={i}>{personOf(s.scored_by_name)}</option>)}
              </select>
            </label>
          )}
          <AgreementCard comparison={data} second={second} />
          <WordTable comparison={data} second={second} types={types} />
          {children?.(second)}
        </>
      )}
    </div>
  )
}

function AgreementCard({ comparison, second }: { comparison: ScoringComparison; second: Second }) {
  const { i18n } = useLingui()
  const id = useId()
  const { agreement, difference } = second
  const first = comparison.first.figures
  const number = (n: number | null | undefined, digits: number) => (n === null || n === undefined ? '—' : i18n.number(n, { maximumFractionDigits: digits }))
  const signed = (n: number, digits: number) => i18n.number(n, { maximumFractionDigits: digits, signDisplay: 'exceptZero' })
  const { agreed, words: counted } = agreement
  const who = personOf(second.scored_by_name)
  const when = i18n.date(new Date(second.scored_at), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900"><Trans>Agreement</Trans></h2>
      <p className="text-sm text-slate-600"><Trans>Second scoring by {who}, {when}.</Trans></p>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500"><Trans>Percent agreement</Trans></dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="percent-agreement">{agreement.percent === null ? '—' : `${number(agreement.percent, 2)}%`}</dd>
          <dd className="text-sm text-slate-600"><Trans>{agreed} of {counted} words coded alike</Trans></dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500"><Trans>Cohen's kappa</Trans></dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="kappa">{number(agreement.kappa, 3)}</dd>
          {agreement.kappa === null && <dd className="text-sm text-slate-600"><Trans>Not defined: both scorings coded every word alike by chance alone.</Trans></dd>}
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500"><Trans>Disagreements</Trans></dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="disagreement-count">{agreement.disagreements.length}</dd>
        </div>
      </dl>
      <table className="w-full text-start text-sm" data-testid="figures-difference">
        <caption className="sr-only"><Trans>The figures of each scoring and their difference (second minus first)</Trans></caption>
        <ColumnHeads heads={[<Trans key="f">Figure</Trans>, <Trans key="1">First scoring</Trans>, <Trans key="2">Second scoring</Trans>, <Trans key="d">Difference</Trans>]} />
        <tbody className="tabular-nums">
          <tr className="border-b border-slate-100">
            <th scope="row" className="py-2 pe-3 text-start font-medium"><Trans>Accuracy</Trans></th>
            <td className="py-2 pe-3">{number(first.accuracy, 2)}%</td>
            <td className="py-2 pe-3">{number(second.figures.accuracy, 2)}%</td>
            <td className="py-2" dir="ltr">{signed(difference.accuracy, 2)}</td>
          </tr>
          <tr className="border-b border-slate-100">
            <th scope="row" className="py-2 pe-3 text-start font-medium"><Trans>Words correct per minute</Trans></th>
            <td className="py-2 pe-3">{number(first.wcpm, 1)}</td>
            <td className="py-2 pe-3">{number(second.figures.wcpm, 1)}</td>
            <td className="py-2" dir="ltr">{signed(difference.wcpm, 1)}</td>
          </tr>
          <tr className="border-b border-slate-100">
            <th scope="row" className="py-2 pe-3 text-start font-medium"><Trans>Errors</Trans></th>
            <td className="py-2 pe-3">{first.error_count}</td>
            <td className="py-2 pe-3">{second.figures.error_count}</td>
            <td className="py-2" dir="ltr">{signed(difference.error_count, 0)}</td>
          </tr>
          <tr>
            <th scope="row" className="py-2 pe-3 text-start font-medium"><Trans>Band</Trans></th>
            <td className="py-2 pe-3"><BandLabel band={difference.first_band} /></td>
            <td className="py-2 pe-3"><BandLabel band={difference.second_band} /></td>
            <td className="py-2" data-testid="band-difference">{difference.same_band ? <Trans>Same band</Trans> : <Badge tone="danger"><Trans>Different band</Trans></Badge>}</td>
          </tr>
        </tbody>
      </table>
    </section>
  )
}

function WordTable({ comparison, second, types }: { comparison: ScoringComparison; second: Second; types: readonly MiscueType[] }) {
  const id = useId()
  const [only, setOnly] = useState(false)
  const rows = comparisonRows(comparison.words, comparison.first.marks, second.marks, second.agreement)
  const shown = shownRows(rows, only)
  const direction = comparison.direction
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900"><Trans>Word by word</Trans></h2>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-5" checked={only} onChange={(e) => setOnly(e.target.checked)} />
          <Trans>Only the disagreements</Trans>
        </label>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="word-comparison">
          <caption className="sr-only"><Trans>Each word with the first and the second scorer's marks</Trans></caption>
          <ColumnHeads heads={[<Trans key="w">Word</Trans>, <Trans key="1">First scoring</Trans>, <Trans key="2">Second scoring</Trans>, <Trans key="a">Agreement</Trans>]} />
          <tbody>
            {shown.map((row) => (
              <tr key={row.index} data-testid={`compare-word-${row.index}`} data-disagree={row.disagree || undefined}
                className={cx('border-b border-slate-100', row.disagree && 'bg-amber-50')}>
                <th scope="row" className={cx('py-2 pe-3 text-start font-medium', row.disagree && 'border-s-4 border-amber-500 ps-2')}>
                  <span className="text-slate-500 tabular-nums">{row.index + 1}. </span><span dir={direction}>{row.word}</span>
                </th>
                <td className="py-2 pe-3"><MarksText marks={row.first} types={types} direction={direction} /></td>
                <td className="py-2 pe-3"><MarksText marks={row.second} types={types} direction={direction} /></td>
                <td className="py-2">{row.disagree ? <Badge tone="danger"><Trans>Disagree</Trans></Badge> : <span className="text-slate-600"><Trans>Agree</Trans></span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function ColumnHeads({ heads }: { heads: ReactNode[] }) {
  return (
    <thead>
      <tr className="border-b border-slate-200 text-slate-600">
        {heads.map((head, i) => <th key={i} scope="col" className="py-2 pe-3 text-start font-medium">{head}</th>)}
      </tr>
    </thead>
  )
}

/** A scorer's marks on one word in words: each type, what the child said, and whether they corrected it. */
export function MarksText({ marks, types, direction }: { marks: readonly ComparedMark[]; types: readonly MiscueType[]; direction: 'ltr' | 'rtl' }) {
  const { t } = useLingui()
  const arabic = getLanguage() === 'ar'
  if (marks.length === 0) return <span className="text-slate-600"><Trans>Correct</Trans></span>
  return (
    <span className="inline-flex flex-col gap-0.5">
      {marks.map((m) => {
        const type = types.find((x) => x.code === m.miscue)
        const name = type ? (arabic ? type.arabic_display_name : type.display_name) : m.miscue
        return (
          <span key={`${m.word_index}:${m.miscue}`} className="inline-flex flex-wrap items-center gap-1.5">
            {type && <span aria-hidden="true" className="inline-block size-3 rounded-sm ring-1 ring-slate-300" style={{ backgroundColor: type.color_code }} />}
            <span className="font-medium">{name}</span>
            {m.said && <span className="text-slate-700">{t`said`} “<span dir={direction}>{m.said}</span>”</span>}
            {m.self_corrected && <span className="text-slate-700">· <Trans>self-corrected</Trans></span>}
          </span>
        )
      })}
    </span>
  )
}
