// The web's paths (shared/api.ts) are built from the route table the server registers (shared/routes.ts); this
// checks the other direction too: every path the web can ask for is a route the app serves and documents.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { api, type ReportScope } from '../../src/shared/api'
import { routes, scopedPattern, scopedRoutes, scopePatterns } from '../../src/shared/routes'
import type { ScopeName } from '../../src/shared/schemas/report'

let h: Harness
let documented: Record<string, Record<string, unknown>>

beforeAll(async () => {
  h = await createHarness()
  documented = (await h.request('GET', api.openapi)).body.paths
})
afterAll(async () => {
  await h?.close()
})

/** A table pattern as the document writes it: '/school/:id{[0-9]+}' is '/api/school/{id}/'. */
const documentedForm = (pattern: string) => {
  const path = '/api' + pattern.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')
  return /\.\w+$/.test(path) ? path : `${path}/`
}

/** The documented path an address falls under ('/api/school/3/grade/?page=2' under '/api/school/{schoolId}/grade/'). */
const documentedPathOf = (address: string) => {
  const path = address.split('?')[0]!
  return Object.keys(documented).find((p) => new RegExp(`^${p.replace(/\{\w+\}/g, '[^/]+')}$`).test(path))
}

const scopes: ReportScope[] = [{ scope: 'class', id: 4 }, { scope: 'school', id: 2 }, { scope: 'institution' }]
const range = { first_from_date: '2026-01-01', first_to_date: '2026-02-01', second_from_date: '2026-03-01', second_to_date: '2026-04-01' }

/** Sample addresses of the builders that add more than a pattern's ids (encoding, a query, a report's scope). */
const SAMPLES: Record<string, () => string[]> = {
  validSubdomain: () => [api.validSubdomain('sample')],
  studentsDownload: () => [api.studentsDownload(1, 2)],
  assessmentLibrariesOfType: () => (['report', 'global', 'all'] as const).map((t) => api.assessmentLibrariesOfType(t)),
  miscueType: () => [api.miscueType('omission')],
  agreementSummary: () => (['teacher', 'school'] as const).map((by) => api.agreementSummary(by, '2026-01-01', '2026-02-01')),
  tallyReport: () => scopes.flatMap((s) => (['download', 'json', 'email'] as const).map((a) => api.tallyReport(s, '2026-01-01', '2026-02-01', a))),
  bundleReport: () => scopes.flatMap((s) => (['download', 'email'] as const).map((a) => api.bundleReport(7, s, '2026-01-01', '2026-02-01', a))),
  parentReport: () => scopes.flatMap((s) => (['download', 'email'] as const).map((a) => api.parentReport(7, s, '2026-01-01', '2026-02-01', a))),
  comparativeReport: () => scopes.flatMap((s) => (['download', 'email'] as const).map((a) => api.comparativeReport(7, s, range, a))),
  exportRows: () => scopes.flatMap((s) => (['sittings', 'marks'] as const).map((k) => api.exportRows(k, s, '2026-01-01', '2026-02-01', 2))),
  exportFile: () => scopes.map((s) => api.exportFile(s, '2026-01-01', '2026-02-01', 'csv', 'marks')),
}

describe('the web asks only for routes the app serves', () => {
  it('serves and documents every pattern of the route table', () => {
    const patterns = [
      ...Object.entries(routes),
      ...Object.entries(scopedRoutes).flatMap(([name, pattern]) =>
        (Object.keys(scopePatterns) as ScopeName[]).map((scope) => [`${name} (${scope})`, scopedPattern(pattern, scope)] as const)),
    ]
    const missing = patterns.filter(([, pattern]) => !documented[documentedForm(pattern)]).map(([name]) => name)
    expect(missing).toEqual([])
  })

  it('serves and documents every path the web builds', () => {
    const unserved: string[] = []
    for (const [name, entry] of Object.entries(api)) {
      const addresses = typeof entry === 'string'
        ? [entry]
        : 'pattern' in entry
          ? [documentedForm(entry.pattern)]
          : SAMPLES[name]?.() ?? [`${name}: no sample address`]
      for (const address of addresses) if (!documentedPathOf(address)) unserved.push(`${name}: ${address}`)
    }
    expect(unserved).toEqual([])
  })

  it('builds an address from its pattern, ids in path order', () => {
    expect(api.students(3, 5)).toBe('/api/school/3/year/5/student/')
    expect(api.licence(2, 9)).toBe('/api/institution/2/license/9/')
    expect(api.login).toBe('/api/login/')
    expect(api.openapi).toBe('/api/openapi.json')
    expect(api.miscueType('a/b')).toBe('/api/miscue-type/a%2Fb/')
  })
})

describe('the server registers its routes from the table', () => {
  const server = new URL('../../src/server/', import.meta.url)
  const files = ['app.ts', ...readdirSync(new URL('areas/', server), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.routes.ts')).map((f) => `areas/${f}`)]
  for (const file of files) {
    it(`${file} writes no path of its own in a route registration`, () => {
      const source = readFileSync(new URL(file, server), 'utf8')
      expect(source.match(/\.(get|post|put|patch|delete)\(\s*['`]\/[^'`]*/g) ?? []).toEqual([])
    })
  }
})
