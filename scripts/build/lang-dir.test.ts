// public/lang-dir.js, run as the page runs it (in a sandbox, with what the build writes into it): signed in
// and opening a class report by its address, it asks for the report's calls as soon as the school and year
// are known, for the school and year the app would choose (ADR 0110), and for nothing else; and it starts
// the app with the report's part of the catalog (ADR 0108).
import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { classReportPreloads, type FirstPaint } from './first-paint'
import { classReportCalls } from '../../src/web/features/reports/early-calls'
import { SHELL_CALLS } from '../../src/web/lib/api/early-answers'

const preloads: FirstPaint = {
  font: '/assets/font.woff2', catalog: { en: '/assets/messages-en.js', ar: '/assets/messages-ar.js' },
  signInCatalog: { en: '/assets/sign-in-en.js', ar: '/assets/sign-in-ar.js' }, login: ['/assets/login.js'],
  shellCalls: [...SHELL_CALLS],
  classReport: { ...classReportPreloads(), chunks: ['/assets/report-screen.js', '/assets/pie-chart.js'], catalog: { en: '/assets/report-messages-en.js', ar: '/assets/report-messages-ar.js' } },
}
const source = readFileSync('public/lang-dir.js', 'utf8').replace('/*__PRELOADS__*/ null', JSON.stringify(preloads))

type Page = { address: string; signedIn?: boolean; language?: string; stored?: Record<string, string>; schools?: number[] | 'fails'; years?: number[]; appAsked?: string[] }

/** Runs lang-dir.js on `address`; the calls it made, in order, once every answer it waits for is in. */
async function callsMadeOn({ address, signedIn = true, language = 'en', stored = {}, schools = [4, 9], years = [20, 21], appAsked = [] }: Page) {
  const url = new URL(address, 'http://sample.localhost')
  const made: { path: string; token: string }[] = []
  const preloaded: string[] = []
  const answer = (path: string) => {
    const results = path === '/api/myschools/' ? schools : path === '/api/academic-year/' ? years : []
    if (results === 'fails') return Promise.reject(new TypeError('Failed to fetch'))
    const body = JSON.stringify({ payload: { results: results.map((id) => ({ id })) } })
    return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }))
  }
  const window: Record<string, unknown> = {}
  const storage = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null })
  const cookie = signedIn ? `auth_info=${encodeURIComponent(JSON.stringify({ access_token: 'the-token' }))}` : ''
  runInNewContext(source, {
    window, location: url, URLSearchParams, Promise, JSON, Number, String, Date, Response, Intl, setTimeout,
    localStorage: storage({ language }), sessionStorage: storage(stored),
    document: { cookie, documentElement: { getAttribute: () => null }, head: { appendChild: (link: { rel: string; href: string }) => preloaded.push(`${link.rel} ${link.href}`) }, createElement: () => ({}) },
    fetch: (path: string, init: { headers: Record<string, string> }) => {
      made.push({ path, token: init.headers.Authorization!.replace('Bearer ', '') })
      return answer(path)
    },
  })
  // The app's code, loaded from the device, ran before the shell's answers came in and asked for these itself
  // (lib/api/early-answers.ts marks each call it makes).
  const early = window.miscueEarlyAnswers as Record<string, unknown> | undefined
  for (const path of appAsked) if (early) early[path] = null
  await new Promise((resolve) => setTimeout(resolve, 10))
  return { preloaded, firstCatalog: window.miscueFirstCatalog, paths: made.map((m) => m.path), tokens: new Set(made.map((m) => m.token)), early: Object.entries((window.miscueEarlyAnswers ?? {}) as object).filter(([, kept]) => kept).map(([path]) => path) }
}

describe('lang-dir.js on a class report opened by its address', () => {
  it('asks for the common report\'s calls with the shell\'s, for the school the tab chose and the class and year of the address', async () => {
    const made = await callsMadeOn({ address: '/report?type=1&class=7&year=21&assessment=3', stored: { school_id: '9' } })
    expect(made.paths).toEqual([...SHELL_CALLS, ...classReportCalls(1, 9, 7, 21, 3)])
    expect(made.paths).toContain('/api/miscue_report/school/9/class/7/year/21/assessment/3/')
    expect(made.paths).toContain('/api/miscue_accuracy/school/9/class/7/year/21/?page=all')
    // Each is kept for the app's API client to take, under the address it asks for, with the user's token.
    expect(made.early).toEqual(made.paths)
    expect(made.tokens).toEqual(new Set(['the-token']))
    // The screen's code, alongside the catalog of the app's start and the report only, rather than once the
    // app's start has run; the app's start takes that catalog for its first render (ADR 0108).
    expect(made.preloaded).toEqual(['modulepreload /assets/report-messages-en.js', 'modulepreload /assets/report-screen.js', 'modulepreload /assets/pie-chart.js'])
    expect(made.firstCatalog).toEqual({ file: '/assets/report-messages-en.js', screen: 'report' })
  })

  it('starts with the report\'s messages in the chosen language, and with the full catalog elsewhere or signed out', async () => {
    const arabic = await callsMadeOn({ address: '/report?type=1&class=7&year=21', language: 'ar' })
    expect(arabic.preloaded).toContain('modulepreload /assets/report-messages-ar.js')
    expect(arabic.firstCatalog).toEqual({ file: '/assets/report-messages-ar.js', screen: 'report' })
    for (const page of [{ address: '/class' }, { address: '/report?type=6&class=7' }, { address: '/report?type=1&class=7', signedIn: false }]) {
      const made = await callsMadeOn(page)
      expect(made.preloaded[0], page.address).toBe('modulepreload /assets/messages-en.js')
      expect(made.firstCatalog, page.address).toBeUndefined()
    }
    const signIn = await callsMadeOn({ address: '/login', signedIn: false })
    expect(signIn.firstCatalog).toEqual({ file: '/assets/sign-in-en.js', screen: 'sign-in' })
  })

  it('chooses as the app does: the first school when the tab chose none or one no longer listed, and the tab\'s or the first year when the address has none', async () => {
    expect((await callsMadeOn({ address: '/report?type=2&class=7', stored: { school_id: '5', year_id: '21' } })).paths.slice(SHELL_CALLS.length))
      .toEqual(classReportCalls(2, 4, 7, 21, 0))
    expect((await callsMadeOn({ address: '/report/?type=2&class=7' })).paths.slice(SHELL_CALLS.length)).toEqual(classReportCalls(2, 4, 7, 20, 0))
    // The accurate report has no summary card: no call for it.
    expect(classReportCalls(2, 4, 7, 20, 0).some((path) => path.startsWith('/api/miscue_report/'))).toBe(false)
  })

  it('does not ask again for a call the app made first', async () => {
    const calls = classReportCalls(1, 9, 7, 21, 0)
    const made = await callsMadeOn({ address: '/report?type=1&class=7&year=21', stored: { school_id: '9' }, appAsked: calls.slice(0, 2) })
    expect(made.paths).toEqual([...SHELL_CALLS, ...calls.slice(2)])
  })

  it('asks for no report call on another report type, without a class, off the report screen, with no school or signed out', async () => {
    for (const page of [
      { address: '/report?type=6&class=7&year=21' },
      { address: '/report?type=1&year=21' },
      { address: '/report?type=1&class=abc&year=21' },
      { address: '/students?type=1&class=7&year=21' },
      { address: '/report?type=1&class=7&year=21', schools: [] },
      { address: '/report?type=1&class=7&year=21', schools: 'fails' as const },
    ]) {
      const made = await callsMadeOn(page)
      expect(made.paths, page.address).toEqual([...SHELL_CALLS])
      expect(made.preloaded.some((link) => link.includes('report-screen')), page.address).toBe(page.address.startsWith('/report?type=1&class=7'))
    }
    expect((await callsMadeOn({ address: '/report?type=1&class=7&year=21', signedIn: false })).paths).toEqual([])
  })
})
