import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { ReactElement } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { BUILT_IN_PROFILES } from '../../../../shared/reports/scoring-profile'
import type { ScoringSettings } from '../../../../shared/reports/scoring-profile'
import type { MiscueType } from '../../../../shared/schemas/scoring'
import { MiscueDb } from '../../../lib/db/db'
import { i18n } from '../../../lib/i18n/i18n'
import { Outbox } from '../../../lib/sync/outbox'
import { OutboxProvider } from '../../../lib/sync/outbox-context'
import { setupEnglishApiServer } from '../../../lib/sync/testing/english-api-server'
import { MiscueTypeForm } from './miscue-type-form'
import { ProfileForm } from './profile-form'
import { ScoringPage } from './scoring-page'

const server = setupEnglishApiServer()

const shortVowel: MiscueType = {
  id: 10, code: 'short_vowel', display_name: 'Short vowel (haraka)', arabic_display_name: 'خطأ في الحركة', color_code: '#882255',
  counts_as_error: true, sort_order: 10, language: 'ar', scoring_class: 'short_vowel', active: true, own: false, updated_at: '2026-01-01T00:00:00.000Z',
}
const omission: MiscueType = { ...shortVowel, id: 2, code: 'omission', display_name: 'Omission', arabic_display_name: 'حذف', color_code: '#0072B2', sort_order: 2, language: null, scoring_class: null }
const settings: ScoringSettings = {
  profiles: BUILT_IN_PROFILES.map(({ source: _source, ...p }, i) => ({ ...p, id: i + 1, built_in: true, version: 1, updated_at: '2026-01-01T00:00:00.000Z' })),
  selected: { ar: 5, en: 1 },
}
const egraArabic = settings.profiles.find((p) => p.code === 'egra-arabic')!

let outbox: Outbox
let sent: { method: string; path: string; body: unknown }[]

beforeEach(() => {
  sent = []
  outbox = new Outbox({ db: new MiscueDb(`scoring-${Math.random()}`), isOnline: () => true, schedule: () => () => {}, currentOwner: () => 'test|1' })
  server.use(
    http.get('*/api/miscue-type/', () => HttpResponse.json({ payload: { results: [omission, shortVowel], count: 2 } })),
    http.get('*/api/scoring-profile/', () => HttpResponse.json({ payload: settings })),
  )
})

function renderScreen(ui: ReactElement) {
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OutboxProvider outbox={outbox}>{ui}</OutboxProvider>
      </QueryClientProvider>
    </I18nProvider>,
  )
}

const record = (method: string) => async ({ request }: { request: Request }) => {
  const body = await request.json()
  sent.push({ method, path: new URL(request.url).pathname, body })
  return HttpResponse.json({ payload: { ...(body as object), id: 99, own: true, updated_at: '2026-01-02T00:00:00.000Z' } }, { status: method === 'POST' ? 201 : 200 })
}

describe('the miscue type form', () => {
  it("renames a default Arabic type for the institution: PUT by its code with every field and the version it was read at", async () => {
    server.use(http.put('*/api/miscue-type/short_vowel/', record('PUT')))
    const user = userEvent.setup()
    const onDone = vi.fn()
    renderScreen(<MiscueTypeForm type={shortVowel} types={[omission, shortVowel]} onDone={onDone} onCancel={() => {}} />)
    expect(screen.getByText(/A default type: your changes apply to your institution only/)).toBeTruthy()
    expect(screen.queryByLabelText('Code')).toBeNull()
    const name = screen.getByLabelText('English name')
    await user.clear(name)
    await user.type(name, 'Haraka')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(sent).toEqual([{ method: 'PUT', path: '/api/miscue-type/short_vowel/', body: {
      code: 'short_vowel', display_name: 'Haraka', arabic_display_name: 'خطأ في الحركة', color_code: '#882255', counts_as_error: true,
      sort_order: 10, language: 'ar', scoring_class: 'short_vowel', active: true, updated_at: '2026-01-01T00:00:00.000Z',
    } }])
  })

  it('keeps an edit refused as stale and compares both versions, colours by name', async () => {
    server.use(http.put('*/api/miscue-type/short_vowel/', async ({ request }) => {
      sent.push({ method: 'PUT', path: new URL(request.url).pathname, body: await request.json() })
      const current = { ...shortVowel, display_name: 'Haraka (theirs)', color_code: '#117733', own: true, updated_at: '2026-01-03T00:00:00.000Z' }
      return HttpResponse.json({ message: { errors: ['Someone else changed this record'], codes: { _: 'conflict' }, current } }, { status: 409 })
    }))
    const user = userEvent.setup()
    renderScreen(<MiscueTypeForm type={shortVowel} types={[omission, shortVowel]} onDone={() => {}} onCancel={() => {}} />)
    const name = screen.getByLabelText('English name')
    await user.clear(name)
    await user.type(name, 'Haraka (mine)')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('dialog', { name: 'This record was changed by someone else' })
    expect(within(dialog).getByRole('row', { name: /English name/ }).textContent).toMatch(/Haraka \(mine\).*Haraka \(theirs\)/)
    expect(within(dialog).getByRole('row', { name: /Colour/ }).textContent).toMatch(/dark pink #882255.*dark green #117733/)
    expect(outbox.items().map((i) => i.status)).toEqual(['rejected'])
  })

  it('keeps Create disabled until the code and names pass the shared schema, and warns about a colour like another', async () => {
    server.use(http.post('*/api/miscue-type/', record('POST')))
    const user = userEvent.setup()
    renderScreen(<MiscueTypeForm types={[omission, shortVowel]} onDone={() => {}} onCancel={() => {}} />)
    const create = screen.getByRole<HTMLButtonElement>('button', { name: 'Create' })
    await user.type(screen.getByLabelText('Code'), 'Sun letters')
    await user.type(screen.getByLabelText('English name'), 'Sun letters')
    await user.type(screen.getByLabelText('Arabic name'), 'الحروف الشمسية')
    expect(create.disabled).toBe(true)
    await user.tab()
    expect(screen.getByText('Choose one of the options.')).toBeTruthy() // the code's pattern
    const code = screen.getByLabelText('Code')
    await user.clear(code)
    await user.type(code, 'sun_letters')
    const colour = screen.getByRole('textbox', { name: 'Colour' })
    await user.clear(colour)
    await user.type(colour, '#0073B3')
    expect(screen.getByText('Looks almost the same as “Omission”.')).toBeTruthy()
    expect(screen.getByText('Shown as blue, always with the type\'s name beside it.')).toBeTruthy()
    await waitFor(() => expect(create.disabled).toBe(false))
    await user.click(create)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/miscue-type/', body: { code: 'sun_letters', color_code: '#0073B3', sort_order: 11, language: null } })
  })
})

describe('the profile form', () => {
  it('explains each switch in the position it is in, and sends a profile that keeps self-corrections as errors', async () => {
    server.use(http.post('*/api/scoring-profile/', record('POST')))
    const user = userEvent.setup()
    renderScreen(<ProfileForm from={egraArabic} onDone={() => {}} onCancel={() => {}} />)
    expect(screen.getByText('Starting from the rules of “EGRA Arabic”.')).toBeTruthy()
    const selfCorrections = screen.getByRole('switch', { name: 'Self-corrections count as correct' })
    expect(selfCorrections.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('A word the reader gets wrong and then corrects on their own counts as read correctly.')).toBeTruthy()
    await user.click(selfCorrections)
    expect(screen.getByText(/still counts as an error \(the self-correction is still counted\)/)).toBeTruthy()
    await user.type(screen.getByLabelText('English name'), 'Strict EGRA')
    await user.type(screen.getByLabelText('Arabic name'), 'EGRA صارم')
    await user.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.body).toEqual({
      display_name: 'Strict EGRA', arabic_display_name: 'EGRA صارم',
      rules: { ...egraArabic.rules, self_corrections_correct: false },
    })
  })
})

describe('the scoring page', () => {
  const page = (canWrite: boolean) => (
    <ScoringPage canWrite={canWrite} institutionId={1} onAddType={() => {}} onEditType={() => {}} onAddProfile={() => {}}
      onEditProfile={() => {}} onCopyProfile={() => {}} />
  )

  it('shows a role that may only read the taxonomy and the profile choice, with nothing to change', async () => {
    renderScreen(page(false))
    const types = await screen.findByRole('table', { name: 'Miscue types' })
    const row = await within(types).findByRole('row', { name: /Short vowel \(haraka\)/ })
    expect(row.textContent).toContain('خطأ في الحركة')
    expect(row.textContent).toContain('dark pink')
    expect(row.textContent).toContain('Arabic passages only')
    expect(row.textContent).toContain('Profiles treat it as: Short-vowel (haraka) error')
    expect(screen.getByText(/Only institution administrators can change it/)).toBeTruthy()
    const choice = await screen.findByRole('region', { name: 'Profile used for each passage language' })
    expect(choice.textContent).toContain('EGRA Arabic (version 1)')
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save choice' })).toBeNull()
    expect(screen.queryByRole('combobox', { name: 'Arabic passages' })).toBeNull()
  })

  it('lets an administrator add and edit types, edit only own profiles, and change the choice per passage language', async () => {
    server.use(http.put('*/api/scoring-profile/selection/', record('PUT')))
    const user = userEvent.setup()
    renderScreen(page(true))
    const profiles = await screen.findByRole('table', { name: 'Scoring profiles' })
    expect((await within(profiles).findByRole<HTMLButtonElement>('button', { name: 'Edit EGRA Arabic' })).disabled).toBe(true)
    expect(within(profiles).getByRole('button', { name: 'Copy as a new profile: EGRA Arabic' })).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Add' })).toHaveLength(2)
    const other = screen.getByRole('combobox', { name: 'Other passages' })
    await user.selectOptions(other, 'EGRA Arabic (version 1)')
    await user.click(screen.getByRole('button', { name: 'Save choice' }))
    await waitFor(() => expect(sent).toEqual([{ method: 'PUT', path: '/api/scoring-profile/selection/', body: { ar: 5, en: 5 } }]))
  })
})
