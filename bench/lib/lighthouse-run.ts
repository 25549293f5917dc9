// One Lighthouse run of a page, mobile (its default: Moto G Power, simulated slow 4G, 4x CPU slowdown), in a
// Chromium of its own on a fresh profile that holds only the sign-in cookie, set through the protocol before the
// navigation (Lighthouse's storage reset keeps cookies, so the page starts signed in with cold caches).
// Used by bench:lighthouse and bench:web.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { RunnerResult } from 'lighthouse'
import { chromium } from 'playwright-core'

export const CHROME = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export type Figures = { score: number; fcp: number; lcp: number; tbt: number; cls: number }
export type Cookie = { name: string; value: string; url: string }

/** The figures of one run, or why Lighthouse could not measure it (its trace failed, no paint seen). */
export type Run = { figures: Figures; result: RunnerResult } | { notMeasured: string }

export async function lighthouseRun(url: string, o: { cookie?: Cookie; ignoreCertificateErrors?: boolean; throttlingMethod?: 'devtools' } = {}): Promise<Run> {
  const profile = mkdtempSync(join(tmpdir(), 'miscue-lh-'))
  const chrome = await launch({
    chromePath: CHROME,
    userDataDir: profile,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', ...(o.ignoreCertificateErrors ? ['--ignore-certificate-errors'] : [])],
  })
  try {
    if (o.cookie) {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
      await cdp.contexts()[0]!.addCookies([o.cookie])
      await cdp.close()
    }
    const result = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...(o.throttlingMethod ? { throttlingMethod: o.throttlingMethod } : {}) }))!
    const lhr = result.lhr
    if (lhr.runtimeError) return { notMeasured: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
    const figures = { score: Math.round((lhr.categories.performance?.score ?? 0) * 100), fcp: audit('first-contentful-paint'), lcp: audit('largest-contentful-paint'), tbt: audit('total-blocking-time'), cls: audit('cumulative-layout-shift') }
    return { figures, result }
  } finally {
    chrome.kill()
    rmSync(profile, { recursive: true, force: true, maxRetries: 10 })
  }
}

/** Each figure's own median over the runs. */
export function medians(runs: Figures[]): Figures {
  const median = (key: keyof Figures) => {
    const sorted = runs.map((r) => r[key]).sort((a, b) => a - b)
    const mid = Math.floor(sorted.length / 2)
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
  }
  return { score: median('score'), fcp: median('fcp'), lcp: median('lcp'), tbt: median('tbt'), cls: median('cls') }
}

/** The sign-in cookie as the app writes it (lib/session/session.ts saveAuth), for the page at `url`. */
export function authCookie(token: string, userId: number, url: string): Cookie {
  const info = { access_token: token, token_type: 'Bearer', expires_at: Date.now() + 3600_000, user_id: userId }
  return { name: 'auth_info', value: encodeURIComponent(JSON.stringify(info)), url }
}

/** What Lighthouse saw: the LCP element and its phases, main-thread work by kind, and the request chain. */
export function printDetails(label: string, lhr: { audits: Record<string, { details?: unknown; numericValue?: number }> }) {
  const items = (id: string) => ((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []) as Record<string, unknown>[]
  console.log(`  [${label}] details:`)
  // Lighthouse 13 tells the LCP element and its phases in an insight: a list of a table (the phases) and
  // a node (the element).
  const describe = (node: { snippet?: string; nodeLabel?: string } | undefined) => `${node?.snippet?.slice(0, 120) ?? ''} "${node?.nodeLabel?.slice(0, 60) ?? ''}"`
  for (const part of items('lcp-breakdown-insight')) {
    if (part.type === 'node') console.log(`   LCP element ${describe(part)}`)
    for (const row of ((part.items as Record<string, unknown>[] | undefined) ?? [])) console.log(`   LCP ${String(row.label ?? row.subpart)}: ${Number(row.duration).toFixed(0)} ms`)
  }
  for (const row of items('layout-shifts')) {
    console.log(`   layout shift ${Number(row.score).toFixed(3)}: ${describe(row.node as { snippet?: string; nodeLabel?: string } | undefined)}`)
  }
  for (const row of items('mainthread-work-breakdown')) console.log(`   main thread ${String(row.groupLabel ?? row.group)}: ${Number(row.duration).toFixed(0)} ms`)
  // Long tasks as the simulation counts them (its slowed-down CPU): TBT is their time over 50 ms after FCP.
  for (const row of items('long-tasks')) console.log(`   long task at ${Number(row.startTime).toFixed(0)} ms, ${Number(row.duration).toFixed(0)} ms: ${String(row.url).replace(/^https?:\/\/[^/]+/, '')}`)
  for (const row of items('bootup-time').slice(0, 6)) console.log(`   script ${String(row.url).replace(/^https?:\/\/[^/]+/, '')}: ${Number(row.total).toFixed(0)} ms`)
  for (const row of items('network-requests')) {
    const url = String(row.url).replace(/^https?:\/\/[^/]+/, '')
    console.log(`   ${Number(row.networkRequestTime ?? row.startTime).toFixed(0).padStart(6)}–${Number(row.networkEndTime ?? row.endTime).toFixed(0).padStart(6)} ms ${String(row.resourceType).padEnd(10)} ${(Number(row.transferSize) / 1024).toFixed(1).padStart(6)} KiB ${url}`)
  }
}
