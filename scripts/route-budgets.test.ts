// The size-budget check that `npm test` runs on the production build: a route that grows past its
// budget fails it, named with its size.
import { describe, expect, it } from 'vitest'
import { checkBudgets, routeName } from './route-budgets.mjs'

const KIB = 1024
// A build in miniature: the entry with its CSS and a shared chunk, the catalog, the shell layout and two
// routes, one of which pulls a heavy chunk.
const manifest = {
  'index.html': { file: 'assets/index.js', css: ['assets/index.css'], imports: ['_shared.js'], isEntry: true },
  '_shared.js': { file: 'assets/shared.js' },
  'src/web/locales/en/messages.ts': { file: 'assets/messages.js' },
  'src/web/routes/login.tsx?tsr-split=component': { file: 'assets/login.js', imports: ['index.html', '_shared.js'] },
  'src/web/routes/_app.tsx?tsr-split=component': { file: 'assets/app.js', imports: ['index.html'] },
  'src/web/routes/_app/report/index.tsx?tsr-split=component': { file: 'assets/report.js', imports: ['_charts.js'] },
  'src/web/routes/_app/report/index.tsx?tsr-split=loader': { file: 'assets/report-loader.js' },
  '_charts.js': { file: 'assets/charts.js' },
}
const sizes: Record<string, number> = {
  'assets/index.js': 60 * KIB, 'assets/index.css': 8 * KIB, 'assets/shared.js': 10 * KIB, 'assets/messages.js': 12 * KIB,
  'assets/login.js': 5 * KIB, 'assets/app.js': 30 * KIB, 'assets/report.js': 20 * KIB, 'assets/report-loader.js': 2 * KIB,
  'assets/charts.js': 40 * KIB,
}
const budgets = {
  shared: ['index.html'],
  catalog: 'src/web/locales/en/messages.ts',
  defaultOwnKiB: 100,
  routes: { 'src/web/routes/login.tsx': { firstVisitKiB: 100 } },
}

describe('route size budgets', () => {
  it('counts a first visit as the shared files plus the route and its layouts, each file once', () => {
    const { rows, failures } = checkBudgets(manifest, (f) => sizes[f]!, budgets)
    expect(failures).toEqual([])
    const report = rows.find((r) => r.route === '/report')!
    // app (30) + report (20) + loader (2) + charts (40); the entry it imports again is shared.
    expect(report.ownKiB).toBe(92)
    expect(report.firstKiB).toBe(90 + 92)
    expect(rows.find((r) => r.route === '/login')!.firstKiB).toBe(95)
  })

  it('fails a route that grows past its budget, naming the route and its size', () => {
    const grown: Record<string, number> = { ...sizes, 'assets/charts.js': 50 * KIB, 'assets/login.js': 12 * KIB }
    const { failures } = checkBudgets(manifest, (f) => grown[f]!, budgets)
    expect(failures).toEqual([
      '/report (src/web/routes/_app/report/index.tsx): its own chunks 102.0 KiB gzip, over its budget of 100 KiB',
      '/login (src/web/routes/login.tsx): first visit 102.0 KiB gzip, over its budget of 100 KiB',
    ])
  })

  it('counts the sign-in page\'s own messages instead of the catalog for a route that starts with them', () => {
    const withSignIn = { ...budgets, routes: { 'src/web/routes/login.tsx': { firstVisitKiB: 100, signInCatalog: true } } }
    const { rows } = checkBudgets(manifest, (f) => (f === 'assets/sign-in-messages.js' ? 2 * KIB : sizes[f]!), withSignIn, 'assets/sign-in-messages.js')
    // index (60) + css (8) + shared (10) + sign-in messages (2) + login (5); the catalog's 12 are not loaded.
    expect(rows.find((r) => r.route === '/login')!.firstKiB).toBe(85)
    expect(rows.find((r) => r.route === '/report')!.firstKiB).toBe(90 + 92)
  })

  it('sizes a page of its own with the sign-in messages, and fails it past its budget', () => {
    const withPage = { ...manifest, 'sign-in.html': { file: 'assets/sign-in.js', css: ['assets/index.css'], imports: ['_shared.js'], isEntry: true } }
    const sized = (f: string) => (f === 'assets/sign-in.js' ? 4 * KIB : f === 'assets/sign-in-messages.js' ? 2 * KIB : sizes[f]!)
    const page = (kib: number) => checkBudgets(withPage, sized, { ...budgets, pages: { 'sign-in.html': { firstVisitKiB: kib } } }, 'assets/sign-in-messages.js')
    // sign-in (4) + css (8) + shared (10) + messages (2): none of the app's entry (60) or catalog (12).
    expect(page(30).rows.find((r) => r.route === 'sign-in.html')!.firstKiB).toBe(24)
    expect(page(30).failures).toEqual([])
    expect(page(20).failures).toEqual(['sign-in.html: first visit 24.0 KiB gzip, over its budget of 20 KiB'])
  })

  it('fails a route whose own chunks are more files than its budget, naming the route and the count', () => {
    // app, report, loader and charts: four files of its own.
    expect(checkBudgets(manifest, (f) => sizes[f]!, { ...budgets, defaultOwnFiles: 4 }).failures).toEqual([])
    expect(checkBudgets(manifest, (f) => sizes[f]!, { ...budgets, defaultOwnFiles: 3 }).failures).toEqual([
      '/report (src/web/routes/_app/report/index.tsx): its own chunks are 4 files, over its budget of 3 files',
    ])
    const listed = { ...budgets, defaultOwnFiles: 3, routes: { ...budgets.routes, 'src/web/routes/_app/report/index.tsx': { ownFiles: 4 } } }
    expect(checkBudgets(manifest, (f) => sizes[f]!, listed).failures).toEqual([])
  })

  it('fails a budget kept for a route the build no longer has', () => {
    const { failures } = checkBudgets(manifest, (f) => sizes[f]!, { ...budgets, routes: { 'src/web/routes/gone.tsx': { ownKiB: 1 } } })
    expect(failures).toEqual(['src/web/routes/gone.tsx: has a budget but is not a route of the build'])
  })

  it('names routes by their address', () => {
    expect(routeName('src/web/routes/_app/report/index.tsx')).toBe('/report')
    expect(routeName('src/web/routes/reset-password.$key.tsx')).toBe('/reset-password/$key')
  })
})
