// A distribution as one stacked bar (visx), each part labelled with its count, with a real table as its text
// alternative (the SVG is hidden from assistive technology). Parts carry a pattern over their colour, and in a
// right-to-left page the bar runs from the right, mirrored with the page.
import { Group } from '@visx/group'
import { Bar } from '@visx/shape'
import { useId } from 'react'
import type { ReactNode } from 'react'
import { PatternDefs, sliceFill } from './chart-patterns'
import { LegendTable } from './legend-table'

export type DistributionPart = { key: string; label: string; value: number; color: string }

export function DistributionBar({ parts, caption, valueHeader, shareHeader, formatValue = String, width = 480, height = 40, direction }: {
  parts: readonly DistributionPart[]
  caption: ReactNode
  valueHeader: ReactNode
  shareHeader: ReactNode
  formatValue?: (value: number) => string
  width?: number
  height?: number
  direction?: 'ltr' | 'rtl'
}) {
  const chartId = useId().replace(/[^a-zA-Z0-9-]/g, '')
  const total = parts.reduce((sum, part) => sum + part.value, 0)
  const dir = direction ?? (typeof document === 'undefined' ? 'ltr' : (document.documentElement.dir as 'ltr' | 'rtl') || 'ltr')
  const sizes = parts.map((part) => (total > 0 ? (part.value / total) * width : 0))
  const bars = parts.map((part, index) => {
    const start = sizes.slice(0, index).reduce((sum, size) => sum + size, 0)
    const size = sizes[index]!
    return { part, index, x: dir === 'rtl' ? width - start - size : start, size }
  })
  return (
    <figure className="space-y-3">
      <svg width="100%" height={height} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true" focusable="false"
        data-testid="distribution-bar" className="max-w-xl">
        <PatternDefs chartId={chartId} colors={parts.map((part) => part.color)} />
        <Group>
          {bars.filter((b) => b.size > 0).map(({ part, index, x, size }) => (
            <Bar key={part.key} x={x} y={0} width={size} height={height} fill={sliceFill(chartId, index)} stroke="#fff" strokeWidth={1} />
          ))}
        </Group>
      </svg>
      <LegendTable chartId={chartId} items={parts} caption={caption} valueHeader={valueHeader} shareHeader={shareHeader} formatValue={formatValue} formatShare={formatValue} className="min-w-64 text-sm" />
    </figure>
  )
}
