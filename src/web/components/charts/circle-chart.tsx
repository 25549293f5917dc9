// A ring showing one share of a whole (new, active or inactive institutions): the percentage in the
// middle and "count / total" under it. The ring fills clockwise, counter-clockwise in right-to-left pages;
// the visible text is the text alternative.
import type { ReactNode } from 'react'

export function CircleChart({ label, count, total, color, size = 120 }: {
  label: ReactNode
  count: number
  total: number
  color: string
  size?: number
}) {
  const percent = total > 0 ? Math.round((count / total) * 100) : 0
  const stroke = 12
  const radius = (size - stroke) / 2
  const circumference = 2 * Math.PI * radius
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl'
  return (
    <figure className="flex flex-col items-center gap-2">
      <div className="relative" style={{ width: size, height: size }}>
        <svg width={size} height={size} aria-hidden="true" focusable="false"
          style={{ transform: rtl ? 'scale(-1,1) rotate(-90deg)' : 'rotate(-90deg)' }}>
          <circle cx={size / 2} cy={size / 2} r={radius} fill="none" stroke="#e2e8f0" strokeWidth={stroke} />
          <circle cx={size / 2} cy={size / 2} r={radius} fill="none" stroke={color} strokeWidth={stroke} strokeLinecap="round"
            strokeDasharray={`${(percent / 100) * circumference} ${circumference}`} />
        </svg>
        <span className="absolute inset-0 flex items-center justify-center text-xl font-semibold tabular-nums text-slate-900">
          {percent}%
        </span>
      </div>
      <figcaption className="text-center text-sm">
        <span className="block font-medium text-slate-800">{label}</span>
        <span className="block tabular-nums text-slate-500" dir="ltr">{count} / {total}</span>
      </figcaption>
    </figure>
  )
}
