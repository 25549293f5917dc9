import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Student } from '../../../../shared/schemas/student'
import { MiscueDb } from '../../../lib/db/db'
import { i18n } from '../../../lib/i18n/i18n'
import { Outbox } from '../../../lib/sync/outbox'
import { OutboxProvider } from '../../../lib/sync/outbox-context'
import { createMemoryLock } from '../../../lib/sync/replay-lock'
import { studentWrites } from '../mutations'
import type { StudentBody } from '../mutations'
import { RejectedStudentsBanner } from './student-conflict'
import { setupEnglishApiServer } from '../../../lib/sync/testing/english-api-server'

const server = setupEnglishApiServer()

const MINE_STAMP = '2026-01-01T10:00:00.000Z'
const THEIR_STAMP = '2026-01-01T11:00:00.000Z'

const mine: StudentBody = {
  first_name: 'Sara', last_name: 'Ahmed-Mine', arabic_name: 'سارة أحمد', enrollment_code: 'SMPL-10001', gender: 'f',
  user_field_1: '', user_field_2: '', user_field_3: '', user_field_4: '', class_relation: 7, updated_at: MINE_STAMP,
}
const theirs: Student = {
  id: 3, first_name: 'Sara', last_name: 'Ahmed-Theirs', name: 'Sara Ahmed-Theirs', arabic_name: 'سارة أحمد', gender: 'f',
  enrollment_code: 'SMPL-10001', user_field_1: 'note', user_field_2: '', user_field_3: '', user_field_4: '',
  class_relation: [7], class_name: 'Grade 1 A', studentclassrelation_set: [], is_active: true, is_deletable: true, updated_at: THEIR_STAMP,
}

let db: MiscueDb
let outbox: Outbox
let puts: unknown[]

beforeEach(async () => {
  db = new MiscueDb(`students-conflict-${Math.random()}`)
  puts = []
  outbox = new Outbox({ db, isOnline: () => true, schedule: () => () => {}, currentOwner: () => 'test|1', lock: createMemoryLock(), channel: null })
  server.use(
    http.get('*/api/school/1/year/2/student/3/', () => HttpResponse.json({ payload: theirs })),
    http.get('*/api/school/1/all_classes/', () => HttpResponse.json({ payload: { results: [{ id: 7, name: 'Grade 1 A', grade_id: 1 }], count: 1 } })),
  )
  // The first PUT meets an edit made meanwhile on the server: 409, kept as rejected.
  server.use(http.put('*/api/school/1/year/2/student/3/', () =>
    HttpResponse.json({ message: { errors: ['Someone else changed this record'], codes: { _: 'conflict' }, current: theirs } }, { status: 409 }), { once: true }))
  await outbox.enqueue({
    entity: 'student', operation: 'update', method: 'PUT', path: '/api/school/1/year/2/student/3/', body: mine,
    invalidates: ['students', 1], scope: { schoolId: 1, yearId: 2 }, recordId: 3, label: 'Sara Ahmed-Mine',
  })
})

function renderBanner() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <OutboxProvider outbox={outbox}>
          <RejectedStudentsBanner schoolId={1} yearId={2} />
        </OutboxProvider>
      </QueryClientProvider>
    </I18nProvider>,
  )
}

describe('student edit conflict', () => {
  it('keeps the refused edit in the outbox as a conflict', () => {
    const [item] = outbox.items()
    expect(item?.status).toBe('rejected')
    expect(studentWrites.isConflict(item!)).toBe(true)
  })

  it('shows both versions field by field and “Keep mine” re-sends my values over the current version', async () => {
    server.use(http.put('*/api/school/1/year/2/student/3/', async ({ request }) => {
      puts.push(await request.json())
      return HttpResponse.json({ payload: { ...theirs, last_name: 'Ahmed-Mine' } })
    }))
    renderBanner()
    fireEvent.click(screen.getByRole('button', { name: 'Review conflict: Sara Ahmed-Mine' }))
    const dialog = await screen.findByRole('dialog')
    const lastName = await within(dialog).findByRole('row', { name: /Last name/ })
    expect(within(lastName).getByText('Ahmed-Mine')).toBeTruthy()
    expect(within(lastName).getByText('Ahmed-Theirs')).toBeTruthy()
    expect(within(lastName).getByText('Different')).toBeTruthy()
    expect(within(within(dialog).getByRole('row', { name: /First name/ })).queryByText('Different')).toBeNull()

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep mine' }))
    await waitFor(() => expect(puts).toHaveLength(1))
    expect(puts).toEqual([{ ...mine, updated_at: THEIR_STAMP }])
    await waitFor(() => expect(outbox.items()).toHaveLength(0))
  })

  it('“Use theirs” drops my change without sending it', async () => {
    renderBanner()
    fireEvent.click(screen.getByRole('button', { name: 'Review conflict: Sara Ahmed-Mine' }))
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByRole('row', { name: /Last name/ })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use theirs' }))
    await waitFor(() => expect(outbox.items()).toHaveLength(0))
    expect(puts).toEqual([])
  })

  it('“Decide later” keeps my change', async () => {
    renderBanner()
    fireEvent.click(screen.getByRole('button', { name: 'Review conflict: Sara Ahmed-Mine' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decide later' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(outbox.items()).toHaveLength(1)
  })
})
