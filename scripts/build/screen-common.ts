// Which chunk the app's modules go to beyond the pages' own (ADR 0109). Left to itself the bundler gives each
// set of screens that shares a module a chunk of its own: a class report's first visit asked for about twenty
// files of 1 to 2 KiB (a query, a badge, a "no school yet" notice), six at a time over HTTP/1.1, each a round
// trip on a slow link before the screen could paint.
//
// 'app-start', the chunk the app's page asks for at once, holds:
//  - what the app's page imports (less the sign-in page's own chunk, decided in vite.config.ts);
//  - the signed-in shell every screen of the app renders in (its route's code and what it imports);
//  - the write kit (src/web/lib/sync), and any other module WIDELY_SHARED or more screens share.
// A feature's chunk (src/web/features/<name>; the bulk uploads' rules of src/shared go with theirs) holds that
// feature's modules two or more of its screens share; a sitting's figures (src/shared/reports) have a chunk of
// their own.
//
// No group takes a module from a package the start loads nothing of (the charts, the spreadsheet code), one
// that code imports on demand (the device database, a menu's items: those load when used), heavy code kept
// apart (the forms), or one that imports anything outside the start and the groups. So a group never brings
// the forms, the charts or the device database to a screen that does not use them: the trouble with grouping
// by size alone (tried and reverted: 190 KiB for every route). And the start never imports a feature's chunk.
type ModuleInfo = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; isEntry: boolean }
export type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null }

const PACKAGE = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/

function packageOf(id: string): string | null {
  return PACKAGE.exec(id)?.[1]?.replace('\\', '/') ?? null
}

/** Every module reached from `roots` through the imports `next` follows. */
function reach(roots: Iterable<string>, graph: ModuleGraph, next: (info: ModuleInfo) => readonly string[]): Set<string> {
  const reached = new Set<string>()
  const stack = [...roots]
  while (stack.length > 0) {
    const id = stack.pop()!
    if (reached.has(id)) continue
    reached.add(id)
    const info = graph.getModuleInfo(id)
    if (info) stack.push(...next(info))
  }
  return reached
}

const staticImports = (info: ModuleInfo) => info.importedIds

/** Every module `roots` import, directly or through others (static imports only). */
export function staticClosure(roots: Iterable<string>, graph: ModuleGraph): Set<string> {
  return reach(roots, graph, staticImports)
}

/** The chunk of the app's start (vite.config.ts). */
export const APP_START = 'app-start'

/** Modules as many screens share as this, or more, come with the app's start. */
export const WIDELY_SHARED = 4
/**
 * The chunk of a sitting's figures and scoring rules (src/shared/reports), which capture, marking and the
 * reports share: a chunk of their own, since a class report's first visit needs none of them (ADR 0108).
 */
export const SITTING_FIGURES = 'sitting-figures'
/** A feature's folder, the shared reports (their own chunk) and bulk code (the bulk uploads'), and the write kit. */
const FEATURE = /[\\/]src[\\/](?:web[\\/]features[\\/]([^\\/]+)|shared[\\/](reports|bulk)[\\/]|web[\\/]lib[\\/](sync)[\\/])/
const FEATURE_OF: Record<string, string> = { reports: SITTING_FIGURES, bulk: 'bulk-uploads', sync: APP_START }

/**
 * The chunk of each module that goes to one of these groups (see above). `entries` are the pages, whose static
 * imports make the start; `apart` tells heavy code that has a chunk of its own (the forms, the database);
 * `isShell` tells the signed-in shell's route.
 */
export function screenGroups(entries: readonly string[], graph: ModuleGraph, apart: (id: string) => boolean, isShell: (id: string) => boolean): Map<string, string> {
  const start = staticClosure(entries, graph)
  // The roots of the chunks loaded on demand: screens, menus, the database.
  const onDemand = new Set<string>()
  for (const id of reach(entries, graph, (info) => [...info.importedIds, ...info.dynamicallyImportedIds])) {
    for (const target of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []) onDemand.add(target)
  }
  const startPackages = new Set([...start].map(packageOf).filter((name) => name !== null))
  const groupable = (id: string) => {
    const name = packageOf(id)
    return !apart(id) && !id.startsWith('\0') && (name === null || startPackages.has(name))
  }
  const groups = new Map<string, string>()
  for (const id of start) if (!graph.getModuleInfo(id)?.isEntry) groups.set(id, APP_START)
  const shell = [...onDemand].filter(isShell)
  for (const id of staticClosure(shell, graph)) {
    if (!start.has(id) && groupable(id) && (isShell(id) || !onDemand.has(id))) groups.set(id, APP_START)
  }
  // How many on-demand chunks reach each module the start does not load.
  const reachedBy = new Map<string, number>()
  for (const root of onDemand) {
    if (start.has(root)) continue
    for (const id of staticClosure([root], graph)) if (!start.has(id)) reachedBy.set(id, (reachedBy.get(id) ?? 0) + 1)
  }
  for (const [id, count] of reachedBy) {
    if (groups.has(id) || count < 2 || onDemand.has(id) || graph.getModuleInfo(id)?.isEntry || !groupable(id)) continue
    const feature = FEATURE.exec(id)
    if (feature) groups.set(id, feature[1] ?? FEATURE_OF[(feature[2] ?? feature[3])!]!)
    else if (count >= WIDELY_SHARED) groups.set(id, APP_START)
  }
  // Drop, until none is left, a module that imports what is neither in the start nor grouped; and one that
  // would come with the start but imports a feature's chunk, which every screen would then load too.
  for (let changed = true; changed;) {
    changed = false
    for (const [id, group] of groups) {
      if (start.has(id)) continue
      const imports = graph.getModuleInfo(id)?.importedIds ?? []
      const kept = (next: string) => start.has(next) || (group === APP_START ? groups.get(next) === APP_START : groups.has(next))
      if (imports.every(kept)) continue
      groups.delete(id)
      changed = true
    }
  }
  return groups
}
