// Licence status as the institution list reports it (docs/adr/0011-licence-status.md), and the same rule
// applied to the rows of one institution's licence list, which the server does not label.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { LicenceStatus } from '../../../shared/schemas/institution'
import type { Licence } from '../../../shared/schemas/licence'

/** Today as yyyy-mm-dd in UTC, the day the server compares licences with. */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10)
}

/**
 * One licence's status on `today`. Licences covering the same day add up (a top-up), so a covering
 * licence is EXHAUSTED only when the used places reach the sum of every covering licence given.
 */
export function licenceRowStatus(licence: Licence, all: readonly Licence[], today = utcToday()): Exclude<LicenceStatus, 'NONE'> {
  if (licence.from_date > today) return 'UPCOMING'
  if (licence.to_date < today) return 'EXPIRED'
  const covering = all.filter((l) => l.from_date <= today && today <= l.to_date)
  const purchased = (covering.length > 0 ? covering : [licence]).reduce((n, l) => n + l.purchase_quantity, 0)
  return licence.used_quantity >= purchased ? 'EXHAUSTED' : 'ACTIVE'
}

export const LICENCE_STATUS_LABELS: Record<LicenceStatus, MessageDescriptor> = {
  ACTIVE: msg`Active: a licence covers today and places are left`,
  EXHAUSTED: msg`Exhausted: every place of the current licence is in use`,
  UPCOMING: msg`Upcoming: the next licence has not started yet`,
  EXPIRED: msg`Expired: every licence has ended`,
  NONE: msg`No licence yet`,
}

export const LICENCE_STATUS_SHORT: Record<LicenceStatus, MessageDescriptor> = {
  ACTIVE: msg`Active`,
  EXHAUSTED: msg`Exhausted`,
  UPCOMING: msg`Upcoming`,
  EXPIRED: msg`Expired`,
  NONE: msg`None`,
}

export const LICENCE_STATUS_TONE: Record<LicenceStatus, 'success' | 'danger' | 'pending' | 'neutral'> = {
  ACTIVE: 'success',
  EXHAUSTED: 'danger',
  UPCOMING: 'pending',
  EXPIRED: 'neutral',
  NONE: 'neutral',
}
