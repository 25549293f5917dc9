// Class copy goes through the outbox kit like every write; the client id is its Idempotency-Key, so a copy
// replayed after a lost answer is not made twice.
import { api } from '../../../shared/api'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import { classCopyKeys } from './queries'

type CopyBetween = { srcSchoolId: number; destSchoolId: number }

export const classCopyWrites = defineEntityWrites<never, { classes: number[] }, CopyBetween>({
  entity: 'class-copy',
  paths: {
    create: ({ srcSchoolId, destSchoolId }) => api.classCopy(srcSchoolId, destSchoolId),
    record: ({ srcSchoolId, destSchoolId }) => api.classCopy(srcSchoolId, destSchoolId),
  },
  keys: () => classCopyKeys.all,
  scope: (between) => between,
  label: (body) => String(body.classes.length),
})
