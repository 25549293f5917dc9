// Colours of the miscue types, for readers who do not see every colour. A swatch is never shown alone: it carries
// a plain name ("dark blue") and its code. And when an administrator picks a colour, the types offered on the same
// passages are checked for one that looks nearly the same, to normal vision or under protanopia, deuteranopia
// or tritanopia (the simulation matrices of Machado, Oliveira and Fernandes 2009, at full severity), so the
// capture screen's colours stay apart.
import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'

type Rgb = readonly [number, number, number]

/** #RRGGBB → 0..1 channels; null when it is not a colour code. */
export function parseHex(hex: string): Rgb | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim())
  if (!m) return null
  return [parseInt(m[1]!, 16) / 255, parseInt(m[2]!, 16) / 255, parseInt(m[3]!, 16) / 255]
}

function hsl([r, g, b]: Rgb): { h: number; s: number; l: number } {
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  const d = max - min
  if (d === 0) return { h: 0, s: 0, l }
  const s = d / (1 - Math.abs(2 * l - 1))
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4
  return { h: h * 60, s, l }
}

const HUES: readonly [number, MessageDescriptor][] = [
  [15, msg`red`], [45, msg`orange`], [70, msg`yellow`], [165, msg`green`], [195, msg`teal`],
  [245, msg`blue`], [315, msg`purple`], [345, msg`pink`], [360, msg`red`],
]

/** A plain name of a colour in the reader's language: "orange", "dark blue", "light grey"; '' for no colour. */
export function colourName(i18n: I18n, hex: string): string {
  const rgb = parseHex(hex)
  if (!rgb) return ''
  const { h, s, l } = hsl(rgb)
  if (l < 0.1) return i18n._(msg`black`)
  if (l > 0.94) return i18n._(msg`white`)
  const hue = s < 0.15 ? i18n._(msg`grey`) : i18n._(HUES.find(([end]) => h < end)![1])
  if (l < 0.35) return i18n._(msg`dark ${hue}`)
  if (l > 0.6) return i18n._(msg`light ${hue}`)
  return hue
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
const fromLinear = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055)
const clamp = (c: number) => Math.min(1, Math.max(0, c))

export type Vision = 'typical' | 'protanopia' | 'deuteranopia' | 'tritanopia'
type Matrix = readonly [Rgb, Rgb, Rgb]

const SIMULATIONS: Record<Exclude<Vision, 'typical'>, Matrix> = {
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
}

/** How a colour looks under a colour-vision deficiency (sRGB in, sRGB out). */
export function simulate(rgb: Rgb, vision: Vision): Rgb {
  if (vision === 'typical') return rgb
  const m = SIMULATIONS[vision]
  const lin = rgb.map(toLinear)
  const row = (r: Rgb) => fromLinear(clamp(r[0] * lin[0]! + r[1] * lin[1]! + r[2] * lin[2]!))
  return [row(m[0]), row(m[1]), row(m[2])]
}

/** CIE L*a*b* (D65) of an sRGB colour. */
function lab(rgb: Rgb): Rgb {
  const [r, g, b] = rgb.map(toLinear) as unknown as Rgb
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116)
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]
}

/** The CIE76 colour difference of two colours as seen with `vision`. */
export function difference(a: string, b: string, vision: Vision = 'typical'): number {
  const ra = parseHex(a)
  const rb = parseHex(b)
  if (!ra || !rb) return Infinity
  const la = lab(simulate(ra, vision))
  const lb = lab(simulate(rb, vision))
  return Math.hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2])
}

/** Below this difference two swatches side by side are easily confused. */
export const TOO_CLOSE = 10

export const VISIONS: readonly Vision[] = ['typical', 'protanopia', 'deuteranopia', 'tritanopia']

/** The colours among `others` that look nearly the same as `hex`, each with the first vision it is confused in. */
export function closeColours<T extends { color_code: string }>(hex: string, others: readonly T[]): { other: T; vision: Vision }[] {
  if (!parseHex(hex)) return []
  return others.flatMap((other) => {
    const vision = VISIONS.find((v) => difference(hex, other.color_code, v) < TOO_CLOSE)
    return vision ? [{ other, vision }] : []
  })
}
