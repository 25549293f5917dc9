// Where a sitting on the device stands, from its record and its write in the outbox (the capture list's badges).
import { describe, expect, it } from 'vitest'
import type { OutboxItem } from '../../lib/db/db'
import type { CaptureRecord } from './capture-record'
import { captureState } from './use-captures'

const record = (o: Partial<CaptureRecord>) => ({ id: 'c1', phase: 'saved', ...o }) as CaptureRecord
const item = (o: Partial<OutboxItem>) => ({ id: 'c1', status: 'pending', ...o }) as OutboxItem

describe('captureState', () => {
  it('follows a sitting from the screen to the server', () => {
    expect(captureState(record({ phase: 'reading' }), undefined, null)).toBe('in-progress')
    expect(captureState(record({}), item({}), null)).toBe('saved')
    expect(captureState(record({}), item({}), 'c1')).toBe('sending')
    expect(captureState(record({ serverId: 41 }), undefined, null)).toBe('synced')
  })

  it('needs attention when the server refused it, when it is held, or when it left the queue without reaching the server', () => {
    expect(captureState(record({}), undefined, null)).toBe('saved') // just accepted: its answer is being read
    expect(captureState(record({}), item({ status: 'rejected' }), null)).toBe('attention')
    expect(captureState(record({}), item({ held: { kind: 'too-old' } }), null)).toBe('attention')
    expect(captureState(record({}), undefined, null, true)).toBe('attention')
  })
})
