import * as v from 'valibot'
import { CODES } from './codes'

/** yyyy-mm-dd naming a real calendar day. */
export const isoDate = v.pipe(
  v.string(CODES.required),
  v.trim(),
  v.nonEmpty(CODES.required),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, CODES.invalidDate),
  v.check((s) => {
    const d = new Date(`${s}T00:00:00Z`)
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
  }, CODES.invalidDate),
)

/** A whole number from 1; numeric strings from form fields are accepted. */
const quantity = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+$/), v.transform(Number))], CODES.invalidNumber),
  v.number(CODES.invalidNumber),
  v.integer(CODES.invalidNumber),
  v.minValue(1, CODES.tooSmall),
  v.maxValue(10_000_000, CODES.invalidNumber),
)

/** Licence form (spec §3, §5): used_quantity is computed by the server and ignored if sent. */
export const LicenceSchema = v.pipe(
  v.object({ from_date: isoDate, to_date: isoDate, purchase_quantity: quantity }),
  v.forward(
    v.partialCheck([['from_date'], ['to_date']], (i) => i.to_date >= i.from_date, CODES.dateOrder),
    ['to_date'],
  ),
)
export type LicenceInput = v.InferInput<typeof LicenceSchema>

export type Licence = {
  id: number
  institution_id: number
  from_date: string
  to_date: string
  purchase_quantity: number
  /** Active students of the institution now. */
  used_quantity: number
  updated_at: string
}
