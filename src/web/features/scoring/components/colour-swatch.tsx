import { useLingui } from '@lingui/react/macro'
import { colourName } from '../colours'

/** A colour shown as a swatch with its plain name and code, so it never depends on seeing the colour. */
export function ColourSwatch({ hex }: { hex: string }) {
  const { i18n } = useLingui()
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <span aria-hidden="true" className="inline-block size-4 shrink-0 rounded-full ring-1 ring-black/25" style={{ backgroundColor: hex }} />
      <span>{colourName(i18n, hex)}</span>
      <span dir="ltr" className="font-mono text-xs text-slate-500">{hex.toUpperCase()}</span>
    </span>
  )
}
