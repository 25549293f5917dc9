import { useId } from 'react'

/** A labelled progress bar (0–100) that assistive technology reads as a percentage. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const labelId = useId()
  const value = Math.max(0, Math.min(100, percent))
  return (
    <div>
      <div className="mb-1 flex justify-between gap-4 text-sm text-slate-600">
        <span id={labelId}>{label}</span>
        <span aria-hidden="true" className="tabular-nums">{value.toFixed(0)}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value)}
        aria-valuetext={`${value.toFixed(0)}%`}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width] duration-500" style={{ width: `${value}%` }} />
      </div>
    </div>
  )
}
