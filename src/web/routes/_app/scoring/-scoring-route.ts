// What the add and edit routes of the scoring area share: write access, and record ids in paths and searches.
import { notFound, redirect } from '@tanstack/react-router'
import { can } from '../../../../shared/permissions'
import type { ProfilePayload } from '../../../../shared/schemas/auth'

/** Roles that may only read the scoring area go to access-denied from its forms (the server would refuse the save). */
export function requireScoringWrite({ context }: { context: { profile: ProfilePayload } }): void {
  if (!can(context.profile.profile.role, 'scoring', 'write')) throw redirect({ to: '/access-denied' })
}

/** A positive whole number from a path or search parameter, else undefined. */
export function positiveId(value: unknown): number | undefined {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/** `$id` of an edit route: a record id, else not found. */
export const idParams = {
  parse: ({ id }: { id: string }) => {
    const n = positiveId(id)
    if (n === undefined) throw notFound()
    return { id: n }
  },
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
}
