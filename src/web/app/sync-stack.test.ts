import { afterEach, expect, it, vi } from 'vitest'
import { getKept } from '../lib/db/kept-fetch'
import { createSyncStack } from './sync-stack'

const owner = 'sample.localhost|7'
afterEach(() => vi.restoreAllMocks())

it('the outbox and the answers kept for offline open the device database once between them', async () => {
  const opened = vi.spyOn(indexedDB, 'open')
  const stack = createSyncStack({ onAccepted: () => undefined, onBlocked: () => undefined, currentOwner: () => owner })
  await getKept('report:common:1', owner)
  await stack.db.open()
  expect(opened).toHaveBeenCalledTimes(1)
  stack.outbox.close()
})
