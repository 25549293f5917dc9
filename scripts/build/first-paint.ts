// What the first paint needs, worked out from the build (ADR 0100, 0105, 0108): the addresses public/lang-dir.js
// preloads before the app's entry runs, and the sign-in page's and the class report's own catalogs.
//
// The sign-in catalog: a first visit to the sign-in page needs about 180 of the app's 1,000-odd messages
// (those of the entry and of the sign-in page). The build finds the message ids in that code (the Lingui
// macros compile every message to `{id:`…`}`) and writes a catalog of just those per language; the full
// catalog loads after the first paint and before any other screen renders (src/web/lib/i18n/catalogs.ts).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { minifySync } from 'vite'
import type { Plugin } from 'vite'
import { api } from '../../src/shared/api'
import { SHELL_CALLS } from '../../src/web/lib/api/early-answers'
import { CLASS_REPORT_TYPES, classReportCallTemplates } from '../../src/web/features/reports/early-calls'
import { SCHOOL_KEY, YEAR_KEY } from '../../src/web/lib/session/session'

export type FirstPaint = {
  /** The regular weight of the Arabic font (Arabic pages). */
  font?: string
  /** Each language's full catalog. */
  catalog: Record<string, string>
  /** Each language's sign-in catalog: the messages of the entry and the sign-in page. */
  signInCatalog: Record<string, string>
  /** The sign-in page's own chunks, which the entry would otherwise only ask for once it has run. */
  login: string[]
  /** The calls of the app's shell, asked for before the app's code has run when someone is signed in. */
  shellCalls: string[]
  /** A class report opened by its address: its calls by report type, asked for with the shell's (ADR 0110). */
  classReport: ClassReportCalls
}

export type ClassReportCalls = {
  /** The report screen's address. */
  page: string
  /** The report screen's own chunks, which the app's start would otherwise only ask for once it has run. */
  chunks: string[]
  /** Each language's catalog of the report's first visit: the messages of the app's start and of the report screen. */
  catalog: Record<string, string>
  /** Each class report type's calls, with {school}, {class}, {year} and {assessment} to fill in. */
  calls: Record<number, string[]>
  /** The shell's calls that list the schools and the years to choose from. */
  lists: { school: string; year: string }
  /** Where the tab keeps its chosen school and year (sessionStorage; lib/session/session.ts). */
  stored: { school: string; year: string }
}

/** What lang-dir.js needs to ask for a class report's calls. */
export function classReportPreloads(): ClassReportCalls {
  const lists = { school: api.mySchools, year: api.academicYears }
  // lang-dir.js reads the choices from the shell's answers: it must be asking for them.
  if (!Object.values(lists).every((path) => (SHELL_CALLS as readonly string[]).includes(path))) throw new Error('first-paint: the schools and years must be shell calls')
  return {
    page: '/report',
    chunks: [],
    catalog: {},
    calls: Object.fromEntries(CLASS_REPORT_TYPES.map((type) => [type, classReportCallTemplates(type)])),
    lists,
    stored: { school: SCHOOL_KEY, year: YEAR_KEY },
  }
}

const LANGUAGES = ['en', 'ar'] as const
const CATALOG = /src\/web\/locales\/(en|ar)\/messages\.ts$/
const ROUTE = /src\/web\/routes\/.+\?tsr-split=/
const LOGIN_ROUTE = /src\/web\/routes\/login\.tsx\?tsr-split=/
const REPORT_ROUTE = /src\/web\/routes\/_app\/report\/index\.tsx\?tsr-split=/
/** A compiled Lingui message descriptor in the production build. */
const MESSAGE_ID = /\{id:`([^`]+)`/g

/** The messages of a compiled catalog module (`export const messages=JSON.parse("…")`). */
export function readCompiledCatalog(source: string): Record<string, unknown> {
  const start = source.indexOf('JSON.parse(')
  const end = source.lastIndexOf(')')
  if (start < 0 || end < start) throw new Error('first-paint: a compiled catalog is not JSON.parse("…")')
  return JSON.parse(JSON.parse(source.slice(start + 'JSON.parse('.length, end)))
}

/** The message ids a piece of built code uses. */
export function messageIdsIn(code: string): Set<string> {
  return new Set([...code.matchAll(MESSAGE_ID)].map((m) => m[1]!))
}

/** The messages of `catalog` whose ids are in `ids`, as an ES module. */
export function subsetCatalogModule(catalog: Record<string, unknown>, ids: Set<string>): string {
  const subset = Object.fromEntries(Object.entries(catalog).filter(([id]) => ids.has(id)))
  return `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(subset))});\n`
}

/**
 * Writes the first paint's addresses into dist/lang-dir.js (in place of its placeholder: public/ files are
 * copied as they are) and into dist/.vite/first-paint.json (read by the size-budget check), and emits the
 * sign-in catalogs. Fails the build when something it looks for is missing, or when a message of the
 * catalog is found in no chunk (the compiled form of a message changed: the sign-in catalog would miss
 * messages and the page would show their ids).
 */
export function firstPaint(localesDir = 'src/web/locales'): Plugin {
  const found: FirstPaint = { catalog: {}, signInCatalog: {}, login: [], shellCalls: [...SHELL_CALLS], classReport: classReportPreloads() }
  return {
    name: 'miscue-first-paint',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((f) => (f.type === 'chunk' ? [f] : []))
      const byFile = new Map(chunks.map((c) => [c.fileName, c]))
      // The chunks `start` import; with `onDemand`, also those they import on demand, short of `stop`'s.
      const closure = (start: string[], onDemand = false, stop = new Set<string>()) => {
        const seen = new Set<string>()
        const visit = (file: string) => {
          if (seen.has(file) || stop.has(file)) return
          seen.add(file)
          const chunk = byFile.get(file)
          for (const next of [...(chunk?.imports ?? []), ...(onDemand ? (chunk?.dynamicImports ?? []) : [])]) visit(next)
        }
        start.forEach(visit)
        return seen
      }
      const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName))
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.names.some((n) => n.endsWith('noto-sans-arabic-400.woff2'))) found.font = `/${file.fileName}`
      }
      for (const c of chunks) {
        const language = CATALOG.exec(c.facadeModuleId ?? '')?.[1]
        if (language) found.catalog[language] = `/${c.fileName}`
      }
      const loginChunks = chunks.filter((c) => LOGIN_ROUTE.test(c.facadeModuleId ?? '')).map((c) => c.fileName)
      const signIn = closure(loginChunks)
      found.login = [...signIn].filter((f) => !entry.has(f)).map((f) => `/${f}`)
      const reportChunks = chunks.filter((c) => REPORT_ROUTE.test(c.facadeModuleId ?? '')).map((c) => c.fileName)
      found.classReport.chunks = [...closure(reportChunks)].filter((f) => !entry.has(f)).map((f) => `/${f}`)

      const codeOf = (files: Iterable<string>) => [...files].map((f) => byFile.get(f)?.code ?? '').join('\n')
      const signInIds = messageIdsIn(codeOf(new Set([...entry, ...signIn])))
      // A class report's: those of the app's start and the report screen, with what either loads on demand (a
      // menu, the sync panel, a dialog), which may show before the rest of the catalog has come, short of the
      // other screens; and the sign-in page's, where an expired session leads.
      const otherScreens = new Set(chunks.filter((c) => ROUTE.test(c.facadeModuleId ?? '') && !entry.has(c.fileName) && !reportChunks.includes(c.fileName)).map((c) => c.fileName))
      const reportIds = new Set([...signInIds, ...messageIdsIn(codeOf(closure([...entry, ...reportChunks], true, otherScreens)))])
      const everyId = messageIdsIn(codeOf(byFile.keys()))
      for (const language of LANGUAGES) {
        const catalog = readCompiledCatalog(readFileSync(join(localesDir, language, 'messages.ts'), 'utf8'))
        const unused = Object.keys(catalog).filter((id) => !everyId.has(id))
        if (language === 'en' && unused.length) {
          throw new Error(`miscue-first-paint: ${unused.length} messages of the catalog are in no chunk (first: ${unused[0]}); run npm run i18n:extract if code that used them went; otherwise the compiled form of a message changed`)
        }
        const ref = this.emitFile({ type: 'asset', name: `sign-in-messages-${language}.js`, source: subsetCatalogModule(catalog, signInIds) })
        found.signInCatalog[language] = `/${this.getFileName(ref)}`
        const reportRef = this.emitFile({ type: 'asset', name: `report-messages-${language}.js`, source: subsetCatalogModule(catalog, reportIds) })
        found.classReport.catalog[language] = `/${this.getFileName(reportRef)}`
      }
    },
    writeBundle(options) {
      const dir = options.dir ?? 'dist'
      const path = join(dir, 'lang-dir.js')
      const complete = found.font && LANGUAGES.every((l) => found.catalog[l] && found.signInCatalog[l] && found.classReport.catalog[l]) && found.login.length && found.classReport.chunks.length
      if (!complete) throw new Error(`miscue-first-paint: missing from the build: ${JSON.stringify(found)}`)
      // Minified here, as the bundler does the app's code: public/ files are copied as they are, and this one's
      // comments were half the bytes every first visit downloads of it.
      const source = readFileSync(path, 'utf8').replace('/*__PRELOADS__*/ null', JSON.stringify(found))
      const minified = minifySync('lang-dir.js', source)
      if (minified.errors.length) throw new Error(`miscue-first-paint: lang-dir.js does not minify: ${minified.errors[0]!.message}`)
      writeFileSync(path, minified.code)
      writeFileSync(join(dir, '.vite', 'first-paint.json'), `${JSON.stringify(found, null, 2)}\n`)
    },
  }
}
