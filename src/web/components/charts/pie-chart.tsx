// A labelled pie (visx). Every chart has a text alternative: the legend is a real table (label, value,
// share) that a screen reader reads, and the SVG itself is hidden from assistive technology. Slices carry
// a pattern over their colour. In a right-to-left page the pie runs counter-clockwise and the legend
// mirrors with the page.
import { Group } from '@visx/group'
import { Pie } from '@visx/shape'
import { useId } from 'react'
import type { ReactNode } from 'react'
import { PatternDefs, sliceFill } from './chart-patterns'
import { LegendTable } from './legend-table'

export type PieSlice = { key: string; label: string; value: number; color: string }

/** Colours that stay apart for the common colour-vision deficiencies (Okabe-Ito), for charts without their own. */
export const SAFE_COLORS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'] as const

export function PieChart({ slices, caption, valueHeader, shareHeader, size = 180, formatValue = String, direction }: {
  slices: readonly PieSlice[]
  /** Names the chart; it is the caption of the legend table. */
  caption: ReactNode
  valueHeader: ReactNode
  shareHeader: ReactNode
  size?: number
  formatValue?: (value: number) => string
  /** Defaults to the document's direction. */
  direction?: 'ltr' | 'rtl'
}) {
  const chartId = useId().replace(/[^a-zA-Z0-9-]/g, '')
  const visible = slices.filter((slice) => slice.value > 0)
  const dir = direction ?? (typeof document === 'undefined' ? 'ltr' : (document.documentElement.dir as 'ltr' | 'rtl') || 'ltr')
  const radius = size / 2
  return (
    <figure className="flex flex-wrap items-center gap-6">
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false" data-testid="pie-chart"
        className="shrink-0">
        <PatternDefs chartId={chartId} colors={slices.map((slice) => slice.color)} />
        <Group top={radius} left={radius} transform={dir === 'rtl' ? `translate(${radius},${radius}) scale(-1,1)` : undefined}>
          <Pie data={visible} pieValue={(slice) => slice.value} outerRadius={radius - 2} innerRadius={radius * 0.45} padAngle={0.01} pieSort={null}>
            {(pie) => pie.arcs.map((arc) => {
              const index = slices.indexOf(arc.data)
              return <path key={arc.data.key} d={pie.path(arc) ?? ''} fill={sliceFill(chartId, index)} stroke="#fff" strokeWidth={1} />
            })}
          </Pie>
        </Group>
      </svg>
      <LegendTable chartId={chartId} items={slices} caption={caption} valueHeader={valueHeader} shareHeader={shareHeader} formatValue={formatValue} />
    </figure>
  )
}
