import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MiscueDb } from '../../lib/db/db'
import { activateLanguage, i18n } from '../../lib/i18n/i18n'
import { Outbox } from '../../lib/sync/outbox'
import { OutboxProvider } from '../../lib/sync/outbox-context'
import { I18nProvider } from '@lingui/react'
import { useReportFiles } from './report-files'

const toasts: [string, string][] = []
vi.mock('../../lib/notify/toasts', () => ({ showToast: (kind: string, text: string) => toasts.push([kind, text]) }))
const downloads: unknown[] = []
vi.mock('../../lib/api/download', () => ({ downloadFile: (request: unknown) => { downloads.push(request); return Promise.resolve('x.xlsx') } }))

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
}
afterEach(() => { setOnline(true); toasts.length = 0; downloads.length = 0 })

function setup() {
  activateLanguage('en')
  const db = new MiscueDb(`report-files-${Math.random()}`)
  const outbox = new Outbox({ db, isOnline: () => navigator.onLine, schedule: () => () => {}, currentOwner: () => 'test|1' })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}><OutboxProvider outbox={outbox}>{children}</OutboxProvider></I18nProvider>
  )
  return { db, ...renderHook(() => useReportFiles(), { wrapper }) }
}

describe('useReportFiles', () => {
  it('refuses a download offline with a clear message and fetches nothing', async () => {
    setOnline(false)
    const { result } = setup()
    await act(() => result.current.download({ path: '/api/report/tally/class/4/from/a/to/b/', label: 'Tally report' }))
    expect(downloads).toHaveLength(0)
    expect(toasts[0]![0]).toBe('warning')
    expect(toasts[0]![1]).toMatch(/offline/i)
  })

  it('keeps an email request made offline in the outbox, to be sent later', async () => {
    setOnline(false)
    const { result, db } = setup()
    await act(() => result.current.email({ path: '/api/report/bundle/5/class/4/from/a/to/b/email/', label: 'Assessment bundle report' }))
    const items = await db.outbox.toArray()
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ method: 'POST', path: '/api/report/bundle/5/class/4/from/a/to/b/email/', status: 'pending' })
    expect(toasts[0]![1]).toMatch(/saved and will be sent/)
  })
})
