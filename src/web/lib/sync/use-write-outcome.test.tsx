// useWriteOutcome on a real outbox (Dexie on fake-indexeddb), the network isolated by MSW: what the user is
// told after a save or a delete, and where the server's messages go.
import { I18nProvider } from '@lingui/react'
import { act, renderHook } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { MiscueDb } from '../db/db'
import { i18n } from '../i18n/i18n'
import { clearBanner, useBanner } from '../notify/banner'
import { dismissToast, useToast } from '../notify/toasts'
import type { NewOutboxItem } from './outbox'
import { Outbox } from './outbox'
import { OutboxProvider } from './outbox-context'
import { createMemoryLock } from './replay-lock'
import { useWriteOutcome } from './use-write-outcome'
import { HAS_SITTINGS } from '../../../shared/api'
import { setupEnglishApiServer } from './testing/english-api-server'

const server = setupEnglishApiServer()

let online: boolean
let outbox: Outbox
let scrollTo: ReturnType<typeof vi.fn>

beforeEach(() => {
  online = true
  outbox = new Outbox({ db: new MiscueDb(`outcome-${Math.random()}`), isOnline: () => online, schedule: () => () => {}, currentOwner: () => 'test|1', lock: createMemoryLock(), channel: null })
  scrollTo = vi.fn()
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo
  dismissToast()
  clearBanner()
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
})

function answer(response: () => Response) {
  server.use(http.all('*/api/*', response))
}

const write = (operation: 'update' | 'delete' = 'update'): NewOutboxItem => ({
  entity: 'grade', operation, method: operation === 'delete' ? 'DELETE' : 'PUT', path: '/api/school/1/grade/4/',
  body: operation === 'delete' ? undefined : { identifier: 'G1', display_name: 'Grade 1' },
  invalidates: ['grades', 1], scope: { schoolId: 1 }, recordId: 4, label: 'Grade 1',
})

function renderOutcome(options: Parameters<typeof useWriteOutcome>[0] = { fields: ['identifier', 'display_name'] }) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}><OutboxProvider outbox={outbox}>{children}</OutboxProvider></I18nProvider>
  )
  return renderHook(() => ({ outcome: useWriteOutcome(options), toast: useToast(), banner: useBanner() }), { wrapper })
}

describe('useWriteOutcome after a save', () => {
  it('accepted: the screen’s success toast', async () => {
    answer(() => HttpResponse.json({ payload: {} }))
    const { result } = renderOutcome()
    const state = await act(async () => result.current.outcome.saved(await outbox.enqueue(write()), { name: 'Grade 1', accepted: 'Grade “Grade 1” was saved.' }))
    expect(state).toBe('accepted')
    expect(result.current.toast).toMatchObject({ kind: 'success', text: 'Grade “Grade 1” was saved.' })
  })

  it('queued offline: kept on this device, said so', async () => {
    online = false
    const { result } = renderOutcome()
    const state = await act(async () => result.current.outcome.saved(await outbox.enqueue(write()), { name: 'Grade 1', accepted: 'saved' }))
    expect(state).toBe('queued')
    expect(result.current.toast).toMatchObject({ kind: 'info', text: 'Saved on this device. “Grade 1” will sync when the connection is back.' })
    expect(outbox.items()).toHaveLength(1)
  })

  it('refused: field messages on their fields, the others in the banner at the top; the queued copy goes', async () => {
    answer(() => HttpResponse.json({
      message: { errors: ['This school is closed for edits.'], fields: { identifier: ['Identifier is taken.'], school: ['School is archived.'] } },
    }, { status: 400 }))
    const { result } = renderOutcome()
    const state = await act(async () => result.current.outcome.saved(await outbox.enqueue(write()), { name: 'Grade 1', accepted: 'saved' }))
    expect(state).toBe('rejected')
    expect(result.current.outcome.fieldErrors).toEqual({ identifier: ['Identifier is taken.'] })
    expect(result.current.banner).toEqual({ kind: 'error', messages: ['This school is closed for edits.', 'School is archived.'] })
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }))
    expect(result.current.toast).toBeNull()
    expect(outbox.items()).toEqual([])

    act(() => result.current.outcome.clearField('identifier'))
    expect(result.current.outcome.fieldErrors).toEqual({})
    act(() => result.current.outcome.reset())
    expect(result.current.banner).toBeNull()
  })

  it('refused only on fields: nothing in the banner', async () => {
    answer(() => HttpResponse.json({ message: { errors: [], fields: { display_name: ['Too short.'] } } }, { status: 400 }))
    const { result } = renderOutcome()
    await act(async () => result.current.outcome.saved(await outbox.enqueue(write()), { name: 'Grade 1', accepted: 'saved' }))
    expect(result.current.outcome.fieldErrors).toEqual({ display_name: ['Too short.'] })
    expect(result.current.banner).toBeNull()
  })

  it('in a dialog the general messages stay inline (the page banner is behind it)', async () => {
    answer(() => HttpResponse.json({ message: { errors: ['Refused.'] } }, { status: 400 }))
    const { result } = renderOutcome({ fields: [], generalErrors: 'inline' })
    await act(async () => result.current.outcome.saved(await outbox.enqueue(write()), { name: 'Grade 1', accepted: 'saved' }))
    expect(result.current.outcome.formErrors).toEqual(['Refused.'])
    expect(result.current.banner).toBeNull()
  })

  it('a conflict (409 `conflict`) is kept in the outbox and handed to the form', async () => {
    answer(() => HttpResponse.json({ message: { errors: ['Changed meanwhile'], codes: { _: 'conflict' }, current: { display_name: 'Theirs' } } }, { status: 409 }))
    const { result } = renderOutcome()
    const state = await act(async () => result.current.outcome.saved(await outbox.enqueue(write()), { name: 'Grade 1', accepted: 'saved' }))
    expect(state).toBe('conflict')
    expect(result.current.outcome.conflict?.rejection?.current).toEqual({ display_name: 'Theirs' })
    expect(outbox.items()).toHaveLength(1)
    expect(result.current.banner).toBeNull()
  })
})

describe('useWriteOutcome after a delete', () => {
  it('a refusal says “Delete failed! Something went wrong.” with the reason, and is not kept', async () => {
    answer(() => HttpResponse.json({ message: { errors: ['The grade has classes.'] } }, { status: 400 }))
    const { result } = renderOutcome()
    const state = await act(async () => result.current.outcome.deleted(await outbox.enqueue(write('delete')), { name: 'Grade 1', accepted: 'deleted' }))
    expect(state).toBe('rejected')
    expect(result.current.toast).toMatchObject({ kind: 'error', text: 'Delete failed! Something went wrong. The grade has classes.' })
    expect(outbox.items()).toEqual([])
  })

  it('refused because reading records refer to it: says they are kept, not that something went wrong', async () => {
    const reason = 'This class has 3 reading records and cannot be deleted: reading records are kept as evidence.'
    answer(() => HttpResponse.json({ message: { errors: [reason], codes: { _: HAS_SITTINGS } } }, { status: 409 }))
    const { result } = renderOutcome()
    const state = await act(async () => result.current.outcome.deleted(await outbox.enqueue(write('delete')), { name: 'Grade 1 A', accepted: 'deleted' }))
    expect(state).toBe('rejected')
    expect(result.current.toast).toMatchObject({ kind: 'error', text: `Not deleted: reading records are kept. ${reason}` })
    expect(outbox.items()).toEqual([])
  })

  it('no answer while online: a different message, the delete stays queued for a retry', async () => {
    answer(() => new HttpResponse(null, { status: 503 }))
    const { result } = renderOutcome()
    const state = await act(async () => result.current.outcome.deleted(await outbox.enqueue(write('delete')), { name: 'Grade 1', accepted: 'deleted' }))
    expect(state).toBe('queued')
    expect(result.current.toast?.text).toBe('“Grade 1” is not deleted yet: the server did not answer. It will be retried automatically.')
    expect(result.current.toast?.text).not.toContain('Delete failed')
    expect(outbox.items()).toHaveLength(1)
  })

  it('offline: deleted when the connection is back', async () => {
    online = false
    const { result } = renderOutcome()
    await act(async () => result.current.outcome.deleted(await outbox.enqueue(write('delete')), { name: 'Grade 1', accepted: 'deleted' }))
    expect(result.current.toast).toMatchObject({ kind: 'info', text: 'You are offline. “Grade 1” will be deleted when you reconnect.' })
  })
})
