// Which chunk the screens' shared modules go to (ADR 0109): a feature's, the one every screen loads, or
// none, so that no group brings heavy code or code loaded on use to a screen that does not need it.
import { describe, expect, it } from 'vitest'
import { screenGroups, WIDELY_SHARED, type ModuleGraph } from './screen-common'

type Node = { imports?: string[]; lazy?: string[]; entry?: boolean }

/** A build in miniature: `index.html` starts the app, and `screens` are the route chunks it loads on demand. */
function graphOf(nodes: Record<string, Node>): ModuleGraph {
  return {
    getModuleInfo: (id) => {
      const node = nodes[id]
      return node ? { importedIds: node.imports ?? [], dynamicallyImportedIds: node.lazy ?? [], isEntry: node.entry ?? false } : null
    },
  }
}

const web = (path: string) => `/app/src/web/${path}`
const route = (n: number) => web(`routes/screen-${n}.tsx?tsr-split=component---loader`)
const screens = (count: number, imports: (n: number) => string[]) =>
  Object.fromEntries(Array.from({ length: count }, (_, n) => [route(n), { imports: imports(n) }]))
const start = (count: number) => ({
  'index.html': { entry: true, imports: [web('main.tsx')] },
  [web('main.tsx')]: { imports: ['/app/node_modules/@tanstack/react-query/build/useQueryClient.js'], lazy: Array.from({ length: count }, (_, n) => route(n)) },
  '/app/node_modules/@tanstack/react-query/build/useQueryClient.js': {},
})
const groupsOf = (nodes: Record<string, Node>, apart = (_: string) => false) => screenGroups(['index.html'], graphOf(nodes), apart)

describe('the chunks of the modules screens share', () => {
  it('puts a feature\'s shared modules in its chunk, and what most screens share in the one they all load', () => {
    const badge = web('components/ui/badge.tsx')
    const reportQueries = web('features/reports/queries.ts')
    const figures = '/app/src/shared/reports/figures.ts'
    const useQuery = '/app/node_modules/@tanstack/react-query/build/useQuery.js'
    const groups = groupsOf({
      ...start(WIDELY_SHARED + 1),
      ...screens(WIDELY_SHARED + 1, (n) => (n < 2 ? [badge, useQuery, reportQueries] : [badge, useQuery])),
      [badge]: {},
      [reportQueries]: { imports: [figures, useQuery] },
      [figures]: {},
      // The rest of a package the start already loads part of.
      [useQuery]: {},
    })
    expect(Object.fromEntries(groups)).toEqual({
      [badge]: 'screens',
      [reportQueries]: 'reports',
      [figures]: 'reports',
      [useQuery]: 'screens',
    })
  })

  it('leaves alone what one screen uses, what few share outside a feature, and what the start loads', () => {
    const own = web('features/classes/components/class-form.tsx')
    const rare = web('components/ui/dual-list.tsx')
    const groups = groupsOf({
      ...start(3),
      ...screens(3, (n) => (n === 0 ? [own, rare, web('main.tsx')] : n === 1 ? [rare] : [])),
      [own]: {},
      [rare]: {},
    })
    expect(groups.size).toBe(0)
  })

  it('never groups code kept apart, code loaded on use, a package of its own, or anything importing them', () => {
    const form = web('features/users/user-form.tsx')
    const chart = web('components/charts/pie-chart.tsx')
    const keptFetch = web('lib/db/kept-fetch.ts')
    const db = web('lib/db/db.ts')
    const formsPackage = '/app/node_modules/@tanstack/react-form/dist/useForm.js'
    const groups = groupsOf({
      ...start(WIDELY_SHARED),
      ...screens(WIDELY_SHARED, () => [form, chart, keptFetch]),
      [form]: { imports: [formsPackage] },
      [formsPackage]: {},
      [chart]: { imports: ['/app/node_modules/@visx/shape/esm/Pie.js'] },
      '/app/node_modules/@visx/shape/esm/Pie.js': {},
      [keptFetch]: { lazy: [db] },
      [db]: { imports: ['/app/node_modules/dexie/dist/dexie.mjs'] },
      '/app/node_modules/dexie/dist/dexie.mjs': {},
    }, (id) => id.includes('@tanstack/react-form'))
    // kept-fetch imports the database on use only, so it may join; the database itself is loaded on use.
    expect(Object.fromEntries(groups)).toEqual({ [keptFetch]: 'screens' })
  })

  it('keeps a feature\'s module out of the chunk every screen loads, and whatever imports it', () => {
    const notice = web('components/ui/no-school.tsx')
    const helper = web('components/list/list-search.tsx')
    const studentQueries = web('features/students/queries.ts')
    const groups = groupsOf({
      ...start(WIDELY_SHARED),
      ...screens(WIDELY_SHARED, () => [notice, helper]),
      [notice]: {},
      [helper]: { imports: [studentQueries] },
      [studentQueries]: {},
    })
    expect(Object.fromEntries(groups)).toEqual({ [notice]: 'screens', [studentQueries]: 'students' })
  })
})
