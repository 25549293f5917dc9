// A trend over time (visx): lines of points by day, optional shaded bands behind (benchmark ranges). The SVG is
// hidden from assistive technology: every chart sits beside a table of the same figures. Lines differ by colour,
// dash and marker shape, and each is named in the legend with its own stroke, so none is told apart by colour
// alone. Time runs from the start side: left to right, right to left in a right-to-left page (labels unmirrored).
import { Group } from '@visx/group'
import { LinePath } from '@visx/shape'
import type { ReactNode } from 'react'

export type TrendPoint = { x: number; y: number }
export type TrendSeries = {
  key: string
  label: string
  points: readonly TrendPoint[]
  color: string
  /** SVG stroke-dasharray; none for a solid line. */
  dash?: string
  marker: 'circle' | 'square' | 'diamond' | 'none'
}
/** A shaded range of y from `from` to `to`, over the x range `xFrom`..`xTo` (default: the whole chart). */
export type TrendBand = { key: string; label: string; from: number; to: number; color: string; xFrom?: number; xTo?: number }

const W = 560
const H = 220
const PAD = { top: 12, bottom: 28, start: 44, end: 16 }

function linear(domain: [number, number], range: [number, number]) {
  const [d0, d1] = domain
  const span = d1 - d0 || 1
  return (value: number) => range[0] + ((value - d0) / span) * (range[1] - range[0])
}

/** About five round steps across a domain. */
function ticks(lo: number, hi: number): number[] {
  const raw = (hi - lo) / 4 || 1
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw
  const out: number[] = []
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.round(v * 1e6) / 1e6)
  return out
}

function Marker({ shape, x, y, color }: { shape: TrendSeries['marker']; x: number; y: number; color: string }) {
  if (shape === 'circle') return <circle cx={x} cy={y} r={4} fill={color} stroke="#fff" strokeWidth={1} />
  if (shape === 'square') return <rect x={x - 4} y={y - 4} width={8} height={8} fill={color} stroke="#fff" strokeWidth={1} />
  if (shape === 'diamond') return <path d={`M${x} ${y - 5}L${x + 5} ${y}L${x} ${y + 5}L${x - 5} ${y}Z`} fill={color} stroke="#fff" strokeWidth={1} />
  return null
}

export function TrendChart({ series, bands = [], xDomain, yDomain, xLabel, yLabel, yTicks, caption, direction, testId }: {
  series: readonly TrendSeries[]
  bands?: readonly TrendBand[]
  xDomain: [number, number]
  yDomain: [number, number]
  xLabel: (x: number) => string
  yLabel: (y: number) => string
  /** The y values to label (default: about five round steps). */
  yTicks?: readonly number[]
  caption: ReactNode
  direction: 'ltr' | 'rtl'
  testId?: string
}) {
  const rtl = direction === 'rtl'
  const innerStart = rtl ? W - PAD.start : PAD.start
  const innerEnd = rtl ? PAD.end : W - PAD.end
  const x = linear(xDomain, [innerStart, innerEnd])
  const y = linear(yDomain, [H - PAD.bottom, PAD.top])
  const yMarks = yTicks ?? ticks(yDomain[0], yDomain[1])
  const xMarks = [xDomain[0], (xDomain[0] + xDomain[1]) / 2, xDomain[1]].map(Math.round)
  const anchorStart = rtl ? 'start' : 'end'
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium text-slate-700">{caption}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full max-w-2xl" aria-hidden="true" focusable="false" data-testid={testId}>
        {bands.map((band) => {
          const x0 = x(Math.max(band.xFrom ?? xDomain[0], xDomain[0]))
          const x1 = x(Math.min(band.xTo ?? xDomain[1], xDomain[1]))
          return (
            <rect key={band.key} x={Math.min(x0, x1)} width={Math.max(0, Math.abs(x1 - x0))}
              y={y(Math.min(band.to, yDomain[1]))} height={Math.max(0, y(Math.max(band.from, yDomain[0])) - y(Math.min(band.to, yDomain[1])))}
              fill={band.color} opacity={0.35} data-band={band.key} />
          )
        })}
        {yMarks.map((value) => (
          <g key={`y${value}`}>
            <line x1={innerStart} x2={innerEnd} y1={y(value)} y2={y(value)} stroke="#e2e8f0" />
            <text x={rtl ? innerStart + 6 : innerStart - 6} y={y(value)} dy="0.32em" textAnchor={anchorStart} fontSize={11} fill="#475569">{yLabel(value)}</text>
          </g>
        ))}
        {xMarks.map((value, i) => (
          <text key={`x${i}`} x={x(value)} y={H - 8} textAnchor={i === 0 ? (rtl ? 'end' : 'start') : i === 2 ? (rtl ? 'start' : 'end') : 'middle'}
            fontSize={11} fill="#475569">{xLabel(value)}</text>
        ))}
        {series.map((s) => (
          <Group key={s.key} data-series={s.key}>
            {s.points.length > 1 && (
              <LinePath className="trend-line" data={[...s.points]} x={(p) => x(p.x)} y={(p) => y(p.y)} stroke={s.color} strokeWidth={2} strokeDasharray={s.dash} fill="none" />
            )}
            {s.points.map((p, i) => <Marker key={i} shape={s.marker} x={x(p.x)} y={y(p.y)} color={s.color} />)}
          </Group>
        ))}
      </svg>
      {(series.length > 1 || bands.length > 0) && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
          {series.map((s) => (
            <li key={s.key} className="inline-flex items-center gap-1.5">
              <svg width="28" height="10" aria-hidden="true" focusable="false">
                <line x1="2" x2="26" y1="5" y2="5" stroke={s.color} strokeWidth={2} strokeDasharray={s.dash} />
                <Marker shape={s.marker} x={14} y={5} color={s.color} />
              </svg>
              {s.label}
            </li>
          ))}
          {bands.filter((band, i) => bands.findIndex((b) => b.label === band.label) === i).map((band) => (
            <li key={band.key} className="inline-flex items-center gap-1.5">
              <svg width="14" height="10" aria-hidden="true" focusable="false"><rect width="14" height="10" fill={band.color} opacity={0.35} /></svg>
              {band.label}
            </li>
          ))}
        </ul>
      )}
    </figure>
  )
}
