// Fill patterns laid over each slice's colour, so two slices never differ by colour alone (colour-blind
// readers, grey-scale print). The legend shows the same pattern beside the label.
import type { ReactElement } from 'react'

type PatternDraw = (stroke: string) => ReactElement

/** Eight patterns; a chart with more slices repeats them, and the legend labels still tell them apart. */
const PATTERNS: readonly PatternDraw[] = [
  () => <></>,
  (s) => <path d="M0 8L8 0M-2 2L2 -2M6 10L10 6" stroke={s} strokeWidth="1.5" />,
  (s) => <circle cx="4" cy="4" r="1.6" fill={s} />,
  (s) => <path d="M0 4H8" stroke={s} strokeWidth="1.5" />,
  (s) => <path d="M4 0V8" stroke={s} strokeWidth="1.5" />,
  (s) => <path d="M0 0L8 8M8 0L0 8" stroke={s} strokeWidth="1.2" />,
  (s) => <path d="M0 0L8 8M-2 6L2 10M6 -2L10 2" stroke={s} strokeWidth="1.5" />,
  (s) => <rect x="2" y="2" width="4" height="4" fill="none" stroke={s} strokeWidth="1.2" />,
]

/** `<defs>` with one pattern per slice, each over its slice colour. */
export function PatternDefs({ chartId, colors }: { chartId: string; colors: readonly string[] }) {
  return (
    <defs>
      {colors.map((color, index) => (
        <pattern key={index} id={`${chartId}-slice-${index}`} width="8" height="8" patternUnits="userSpaceOnUse">
          <rect width="8" height="8" fill={color} />
          {PATTERNS[index % PATTERNS.length]!('rgba(255,255,255,0.85)')}
        </pattern>
      ))}
    </defs>
  )
}

export function sliceFill(chartId: string, index: number): string {
  return `url(#${chartId}-slice-${index})`
}
