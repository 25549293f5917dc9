// Which chunk the app's modules go to (ADR 0109): the app's start with the shell and what most screens share,
// a feature's, or none, so that no group brings heavy code or code loaded on use to a screen that does not
// need it.
import { describe, expect, it } from 'vitest'
import { APP_START, screenGroups, SITTING_FIGURES, WIDELY_SHARED, type ModuleGraph } from './screen-common'

type Node = { imports?: string[]; lazy?: string[]; entry?: boolean }

function graphOf(nodes: Record<string, Node>): ModuleGraph {
  return {
    getModuleInfo: (id) => {
      const node = nodes[id]
      return node ? { importedIds: node.imports ?? [], dynamicallyImportedIds: node.lazy ?? [], isEntry: node.entry ?? false } : null
    },
  }
}

const web = (path: string) => `/app/src/web/${path}`
const SHELL = web('routes/_app.tsx?tsr-split=component---loader')
const route = (n: number) => web(`routes/_app/screen-${n}.tsx?tsr-split=component---loader`)
const QUERY_CLIENT = '/app/node_modules/@tanstack/react-query/build/useQueryClient.js'
const USE_QUERY = '/app/node_modules/@tanstack/react-query/build/useQuery.js'

/** A build in miniature: index.html starts the app, which loads the shell and `count` screens on demand. */
function build(count: number, screenImports: (n: number) => string[], modules: Record<string, Node>, shellImports: string[] = []) {
  const nodes: Record<string, Node> = {
    'index.html': { entry: true, imports: [web('main.tsx')] },
    [web('main.tsx')]: { imports: [QUERY_CLIENT], lazy: [SHELL, ...Array.from({ length: count }, (_, n) => route(n))] },
    [QUERY_CLIENT]: {},
    [SHELL]: { imports: shellImports },
    ...Object.fromEntries(Array.from({ length: count }, (_, n) => [route(n), { imports: screenImports(n) }])),
    ...modules,
  }
  return (apart = (_: string) => false) => screenGroups(['index.html'], graphOf(nodes), apart, (id) => id === SHELL)
}
const groupOf = (groups: Map<string, string>, ...ids: string[]) => ids.map((id) => groups.get(id) ?? null)

describe('the chunks of the app\'s modules', () => {
  it('gives the app\'s start the shell, the write kit and what most screens share; a feature\'s shared modules to its chunk, and a sitting\'s figures to theirs', () => {
    const shellParts = web('features/shell/components/app-shell.tsx')
    const outbox = web('lib/sync/outbox.ts')
    const writeOutcome = web('lib/sync/use-write-outcome.ts')
    const badge = web('components/ui/badge.tsx')
    const reportQueries = web('features/reports/queries.ts')
    const figures = '/app/src/shared/reports/figures.ts'
    const groups = build(WIDELY_SHARED, (n) => (n < 2 ? [badge, USE_QUERY, reportQueries, writeOutcome] : [badge, USE_QUERY]), {
      [shellParts]: { imports: [outbox] },
      [outbox]: {},
      [writeOutcome]: { imports: [outbox] },
      [badge]: {},
      [reportQueries]: { imports: [figures, USE_QUERY] },
      [figures]: {},
      [USE_QUERY]: {}, // the rest of a package the start loads part of
    }, [shellParts])()
    expect(groupOf(groups, web('main.tsx'), QUERY_CLIENT, SHELL, shellParts, outbox, writeOutcome, badge, USE_QUERY))
      .toEqual(Array(8).fill(APP_START))
    expect(groupOf(groups, reportQueries, figures, 'index.html')).toEqual(['reports', SITTING_FIGURES, null])
  })

  it('leaves what one screen uses with it, and what too few share outside a feature to the bundler', () => {
    const own = web('features/classes/components/class-form.tsx')
    const rare = web('components/ui/dual-list.tsx')
    const groups = build(WIDELY_SHARED, (n) => (n === 0 ? [own, rare] : n === 1 ? [rare] : []), { [own]: {}, [rare]: {} })()
    expect(groupOf(groups, own, rare)).toEqual([null, null])
  })

  it('never groups code kept apart, code loaded on use, a package of its own, or anything importing them', () => {
    const form = web('features/users/user-form.tsx')
    const chart = web('components/charts/pie-chart.tsx')
    const keptFetch = web('lib/db/kept-fetch.ts')
    const db = web('lib/db/db.ts')
    const formsPackage = '/app/node_modules/@tanstack/react-form/dist/useForm.js'
    const groups = build(WIDELY_SHARED, () => [form, chart, keptFetch], {
      [form]: { imports: [formsPackage] },
      [formsPackage]: {},
      [chart]: { imports: ['/app/node_modules/@visx/shape/esm/Pie.js'] },
      '/app/node_modules/@visx/shape/esm/Pie.js': {},
      [keptFetch]: { lazy: [db] },
      [db]: { imports: ['/app/node_modules/dexie/dist/dexie.mjs'] },
      '/app/node_modules/dexie/dist/dexie.mjs': {},
    }, [])((id) => id.includes('@tanstack/react-form'))
    // kept-fetch imports the database on use only, so it may come with the start; the database may not.
    expect(groupOf(groups, form, formsPackage, chart, keptFetch, db)).toEqual([null, null, null, APP_START, null])
  })

  it('keeps a feature\'s modules out of the app\'s start, and whatever imports them', () => {
    const notice = web('components/ui/no-school.tsx')
    const helper = web('components/list/list-search.tsx')
    const studentQueries = web('features/students/queries.ts')
    const groups = build(WIDELY_SHARED, () => [notice, helper], { [notice]: {}, [helper]: { imports: [studentQueries] }, [studentQueries]: {} })()
    expect(groupOf(groups, notice, helper, studentQueries)).toEqual([APP_START, null, 'students'])
  })
})
