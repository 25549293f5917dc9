// The legend of a chart as a real table (label with its colour and pattern, value, share): the text alternative a
// screen reader reads, while the chart's SVG stays hidden from assistive technology.
import type { ReactNode } from 'react'
import { sliceFill } from './chart-patterns'

export type LegendItem = { key: string; label: string; value: number }

export function LegendTable({ chartId, items, caption, valueHeader, shareHeader, formatValue = String, formatShare = String, className = 'min-w-48 text-sm' }: {
  chartId: string
  items: readonly LegendItem[]
  caption: ReactNode
  valueHeader: ReactNode
  shareHeader: ReactNode
  formatValue?: (value: number) => string
  /** The whole percent of the share (the chart's digits). */
  formatShare?: (percent: number) => string
  className?: string
}) {
  const total = items.reduce((sum, item) => sum + item.value, 0)
  return (
    <table className={className}>
      <caption className="pb-2 text-start font-medium text-slate-700">{caption}</caption>
      <thead className="sr-only">
        <tr><th scope="col">{caption}</th><th scope="col">{valueHeader}</th><th scope="col">{shareHeader}</th></tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          <tr key={item.key}>
            <th scope="row" className="py-1 pe-3 text-start font-normal text-slate-700">
              <span className="inline-flex items-center gap-2">
                <svg width="14" height="14" aria-hidden="true" className="shrink-0 rounded-sm ring-1 ring-slate-300">
                  <rect width="14" height="14" fill={sliceFill(chartId, index)} />
                </svg>
                {item.label}
              </span>
            </th>
            <td className="py-1 pe-3 text-end tabular-nums text-slate-900">{formatValue(item.value)}</td>
            <td className="py-1 text-end tabular-nums text-slate-500">{total > 0 ? `${formatShare(Math.round((item.value / total) * 100))}%` : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
