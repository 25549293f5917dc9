import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PUBLISHED_TABLES } from '../../../../shared/benchmarks/published-tables'
import { DEFAULT_SEASONS } from '../../../../shared/benchmarks/seasons'
import type { BenchmarkSettings } from '../../../../shared/schemas/benchmark'
import type { ApiRequest } from '../../../lib/api/api-client'
import { ApiError } from '../../../lib/api/api-error'
import { activateLanguage, i18n } from '../../../lib/i18n/i18n'
import { setupEnglishApiServer } from '../../../lib/sync/testing/english-api-server'
import { BenchmarkSettingsPage } from './benchmark-settings-page'

const server = setupEnglishApiServer()

// jsdom's FormData cannot travel through Node's fetch: the upload is answered at the api client, with the path,
// the fields and the file the screen sent, and the server's answer.
const upload = vi.hoisted(() => ({ sent: [] as ApiRequest[], answer: (): Promise<unknown> => Promise.resolve({}) }))
vi.mock('../../../lib/api/api-client', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lib/api/api-client')>()
  return { ...real, apiRequest: (request: ApiRequest) => (request.multipart ? (upload.sent.push(request), upload.answer()) : real.apiRequest(request)) }
})

const settings: BenchmarkSettings = {
  seasons: DEFAULT_SEASONS, digits: 'latn', tables: { en: 'dibels8', ar: null }, expected_levels: { 1: { boy: 'D' } },
  available: PUBLISHED_TABLES.map((t) => ({ ...t, id: null })), updated_at: '2026-01-01T00:00:00.000Z',
}

beforeEach(() => {
  server.use(http.get('*/api/benchmark/', () => HttpResponse.json({ payload: settings })))
})
afterEach(() => {
  vi.restoreAllMocks()
  activateLanguage('en')
})

function renderPage(canWrite = true) {
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <BenchmarkSettingsPage canWrite={canWrite} />
      </QueryClientProvider>
    </I18nProvider>,
  )
}

/** axe reads every one of the screen's fields: on a busy 2-core machine it takes longer than the default 5 s. */
const AXE_TIMEOUT = 20_000

/** axe's serious and critical findings (colour contrast needs a real browser; jsdom has no layout). */
async function seriousViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)
}

describe('the benchmark settings screen', () => {
  it('sets the digits to Arabic-Indic and the beginning of year to 15 August, and saves them with the version it read', async () => {
    let sent: unknown
    server.use(http.put('*/api/benchmark/', async ({ request }) => {
      sent = await request.json()
      return HttpResponse.json({ payload: { ...settings, ...(sent as object), updated_at: '2026-01-02T00:00:00.000Z' } })
    }))
    const user = userEvent.setup()
    renderPage()
    const english = await screen.findByLabelText('Table for English and other left-to-right passages')
    expect(screen.getByText('Source: University of Oregon (2020)', { exact: false })).toBeTruthy()
    expect((english as HTMLSelectElement).value).toBe('dibels8')
    expect(await seriousViolations()).toEqual([])

    await user.click(screen.getByLabelText('Arabic-Indic (٠١٢٣)'))
    const boy = screen.getByRole('group', { name: 'Beginning of year (BOY) starts on' })
    await user.selectOptions(within(boy).getByLabelText('Day'), '15')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))

    expect(await screen.findByText('The benchmark settings were saved.')).toBeTruthy()
    expect(sent).toEqual({
      seasons: { boy: '08-15', moy: '12-01', eoy: '03-01' }, digits: 'arab', tables: { en: 'dibels8', ar: null },
      expected_levels: { 1: { boy: 'D' } }, updated_at: '2026-01-01T00:00:00.000Z',
    })
    expect((screen.getByLabelText('Arabic-Indic (٠١٢٣)') as HTMLInputElement).checked).toBe(true)
  }, AXE_TIMEOUT)

  it('sets the text level expected of grade 1 in the middle of the year, clears its beginning, and saves only filled levels', async () => {
    let sent: { expected_levels?: unknown } = {}
    server.use(http.put('*/api/benchmark/', async ({ request }) => {
      sent = await request.json() as typeof sent
      return HttpResponse.json({ payload: { ...settings, ...sent, updated_at: '2026-01-02T00:00:00.000Z' } })
    }))
    const user = userEvent.setup()
    renderPage()
    const boy = await screen.findByLabelText('Grade 1, beginning of year: expected text level')
    expect((boy as HTMLInputElement).value).toBe('D')
    await user.clear(boy)
    await user.type(screen.getByLabelText('Grade 1, middle of year: expected text level'), ' E ')
    await user.type(screen.getByLabelText('Kindergarten, end of year: expected text level'), 'B')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('The benchmark settings were saved.')).toBeTruthy()
    expect(sent.expected_levels).toEqual({ 0: { eoy: 'B' }, 1: { moy: 'E' } })
  })

  it("shows the server's refusal of the seasons' order", async () => {
    server.use(http.put('*/api/benchmark/', () => HttpResponse.json(
      { message: { errors: [], fields: { seasons: ['The seasons must start in order: BOY, then MOY, then EOY'] } } }, { status: 400 })))
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByLabelText('Arabic-Indic (٠١٢٣)'))
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(within(await screen.findByRole('alert')).getByText('The seasons must start in order: BOY, then MOY, then EOY')).toBeTruthy()
  })

  it("loads a table from a spreadsheet through the upload path and lists the server's errors for each bad row", async () => {
    upload.answer = () => Promise.reject(new ApiError(400, ['Row 3: wcpm_below must be a number', 'Row 4: the season must be BOY, MOY or EOY']))
    const user = userEvent.setup()
    renderPage()
    await user.type(await screen.findByLabelText('Table name'), 'Ministry ORF')
    await user.type(screen.getByLabelText('Source (the publication the figures come from)'), 'Ministry of Education')
    await user.type(screen.getByLabelText('Year of publication'), '2024')
    await user.upload(screen.getByLabelText('Spreadsheet'), new File([new Uint8Array([80, 75, 3, 4])], 'orf.xlsx'))
    await user.click(screen.getByRole('button', { name: 'Load table' }))

    const alert = await screen.findByRole('alert')
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Row 3: wcpm_below must be a number', 'Row 4: the season must be BOY, MOY or EOY'])
    const [sent] = upload.sent
    const form = sent!.multipart!
    expect([sent!.method, sent!.path, form.get('name'), form.get('source'), form.get('year'), form.get('language'), (form.get('file') as File).name])
      .toEqual(['POST', '/api/benchmark/table/upload/', 'Ministry ORF', 'Ministry of Education', '2024', 'ar', 'orf.xlsx'])
  })

  it('offline, shows the settings last seen read-only, with a note', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    renderPage()
    expect(await screen.findByText(/You are offline. These are the settings last seen on this device/)).toBeTruthy()
    expect(screen.getByLabelText('Arabic-Indic (٠١٢٣)').matches(':disabled')).toBe(true)
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Load table' })).toBeNull()
  })

  it('says why when the settings cannot be read, and tries again', async () => {
    let calls = 0
    server.use(http.get('*/api/benchmark/', () => (++calls === 1
      ? HttpResponse.json({ message: { errors: ['Something failed'] } }, { status: 500 })
      : HttpResponse.json({ payload: settings }))))
    const user = userEvent.setup()
    renderPage()
    expect(screen.getByRole('status').textContent).toContain('Loading')
    expect(within(await screen.findByRole('alert')).getByText('Something failed')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByLabelText('Table for Arabic passages')).toBeTruthy()
  })

  it('reads in Arabic, with Arabic labels and no serious accessibility finding', async () => {
    act(() => activateLanguage('ar'))
    renderPage()
    expect(await screen.findByLabelText('الجدول للنصوص العربية')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'حفظ الإعدادات' })).toBeTruthy()
    expect(screen.getByText(/لا يأتي Miscue بجدول عربي منشور/)).toBeTruthy()
    expect(await seriousViolations()).toEqual([])
  }, AXE_TIMEOUT)

  it('for a role that only reads, says only administrators change them', async () => {
    renderPage(false)
    expect(await screen.findByText(/Only institution administrators can change them/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull()
    expect(screen.queryByText('Load your own table')).toBeNull()
  })
})
