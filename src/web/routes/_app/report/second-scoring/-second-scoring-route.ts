// What the second-scoring screens share: only roles that may score a second time open them (viewers may not),
// and the sitting's place from the path.
import { redirect } from '@tanstack/react-router'
import { can } from '../../../../../shared/permissions'
import type { Role } from '../../../../../shared/roles'
import type { SittingPlace } from '../../../../features/second-scoring/queries'

export function allowSecondScoring({ context }: { context: { profile: { profile: { role: Role } } } }) {
  if (!can(context.profile.profile.role, 'second-scoring', 'read')) throw redirect({ to: '/access-denied' })
}

export function placeOf(params: { schoolId: string; classId: string; sittingId: string }): SittingPlace {
  return { schoolId: Number(params.schoolId), classId: Number(params.classId), sittingId: Number(params.sittingId) }
}
