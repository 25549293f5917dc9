// Plain words for families (no jargon): what a level band means, and WCPM spelled out.
import type { Band } from '../../../shared/reports/figures'

export type PlainBand = 'own' | 'help' | 'hard'

export function plainBand(band: Band | null): PlainBand | null {
  if (band === 'independent') return 'own'
  if (band === 'instructional') return 'help'
  if (band === 'frustration') return 'hard'
  return null
}
