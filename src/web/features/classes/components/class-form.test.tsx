import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SchoolClass } from '../../../../shared/schemas/class'
import { MiscueDb } from '../../../lib/db/db'
import { i18n } from '../../../lib/i18n/i18n'
import { Outbox } from '../../../lib/sync/outbox'
import { OutboxProvider } from '../../../lib/sync/outbox-context'
import { ClassForm } from './class-form'
import { setupEnglishApiServer } from '../../../lib/sync/testing/english-api-server'

const server = setupEnglishApiServer()

const list = <T,>(results: T[]) => HttpResponse.json({ payload: { results, count: results.length } })
const existing: SchoolClass = {
  id: 5, school_id: 1, identifier: '1A', display_name: 'Grade 1 A', grade_id: 11, grade_name: 'Grade 1', section_id: null,
  section_name: null, subjects: [1], teachers: [9], is_deletable: false, updated_at: '2026-01-01T10:00:00.000Z',
}

let outbox: Outbox
let sent: { method: string; body: unknown }[]

beforeEach(() => {
  sent = []
  outbox = new Outbox({ db: new MiscueDb(`class-form-${Math.random()}`), isOnline: () => true, schedule: () => () => {}, currentOwner: () => 'test|1' })
  server.use(
    http.get('*/api/school/1/all-grades/', () => list([{ id: 11, name: 'Grade 1' }, { id: 12, name: 'Grade 2' }])),
    http.get('*/api/school/1/all-sections/', () => list([{ id: 21, name: 'Section A' }])),
    http.get('*/api/subject/', () => list([
      { id: 1, code: 'en', display_name: 'English Reading', arabic_display_name: 'القراءة بالإنجليزية', directions_code: 'ltr' },
      { id: 2, code: 'ar', display_name: 'Arabic Reading', arabic_display_name: 'القراءة بالعربية', directions_code: 'rtl' },
    ])),
    http.get('*/api/school/1/teacher/', () => list([{ id: 9, name: 'Layla Nasser', email: 'teacher@sample.test' }])),
  )
})

function renderForm(schoolClass?: SchoolClass) {
  const onDone = vi.fn()
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OutboxProvider outbox={outbox}>
          <ClassForm schoolId={1} yearId={2} schoolClass={schoolClass} onDone={onDone} onCancel={() => {}} />
        </OutboxProvider>
      </QueryClientProvider>
    </I18nProvider>,
  )
  return onDone
}

describe('ClassForm', () => {
  it('ticks and locks the only teacher, needs a subject, and sends the selected year', async () => {
    server.use(http.post('*/api/school/1/class/', async ({ request }) => {
      sent.push({ method: 'POST', body: await request.json() })
      return HttpResponse.json({ payload: { ...existing, id: 6 } }, { status: 201 })
    }))
    const user = userEvent.setup()
    const onDone = renderForm()
    // The first render of the file loads the form's lists; a loaded machine needs more than the default second.
    const teacher = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Layla Nasser' }, { timeout: 10_000 })
    await waitFor(() => expect(teacher.checked).toBe(true))
    expect(teacher.disabled).toBe(true)

    await user.type(screen.getByLabelText('Identifier'), '2B')
    await user.type(screen.getByLabelText('Class name'), 'Grade 2 B')
    await user.selectOptions(await screen.findByLabelText('Grade'), 'Grade 2')
    const create = screen.getByRole<HTMLButtonElement>('button', { name: 'Create' })
    expect(create.disabled).toBe(true)
    await user.click(within(screen.getByRole('group', { name: 'Subjects' })).getByRole('checkbox', { name: 'Select all' }))
    await waitFor(() => expect(create.disabled).toBe(false))
    await user.click(create)

    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(sent).toEqual([{ method: 'POST', body: {
      identifier: '2B', class_name: 'Grade 2 B', grade: 12, section: null, subjects: [1, 2], teachers: [9], academic_year: 2,
    } }])
  }, 30_000)

  it('keeps an edit refused as stale and shows both versions instead of dropping it', async () => {
    server.use(
      http.put('*/api/school/1/class/5/', async ({ request }) => {
        sent.push({ method: 'PUT', body: await request.json() })
        // The server answers a stale edit with the class as it is now (`current`).
        const current = { ...existing, display_name: 'Grade 1 Alpha', updated_at: '2026-01-02T00:00:00.000Z' }
        return HttpResponse.json({ message: { errors: ['Someone else changed this record'], codes: { _: 'conflict' }, current } }, { status: 409 })
      }),
    )
    const user = userEvent.setup()
    renderForm(existing)
    const name = screen.getByLabelText('Class name')
    await user.clear(name)
    await user.type(name, 'Grade 1 Mine')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    const dialog = await screen.findByRole('dialog', { name: 'This record was changed by someone else' })
    const row = await within(dialog).findByRole('row', { name: /Class name/ })
    expect(row.textContent).toContain('Grade 1 Mine')
    expect(row.textContent).toContain('Grade 1 Alpha')
    expect(sent[0]?.body).toMatchObject({ updated_at: existing.updated_at, academic_year: 2 })
    expect(outbox.items().map((i) => i.status)).toEqual(['rejected'])
  })
})
