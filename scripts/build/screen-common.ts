// The small modules the app's screens share, in a few chunks instead of one per set of screens (ADR 0109).
// Left to itself the bundler gives each set of screens that shares a module a chunk of its own: a class
// report's first visit asked for about twenty files of 1 to 2 KiB (a query, a badge, a "no school yet"
// notice), six at a time over HTTP/1.1, each a round trip on a slow link before the screen could paint.
//
// A module the app's start does not load, and that two or more of the chunks loaded on demand reach, goes to:
//  - its feature's chunk when it is a feature's (src/web/features/<name>; the reports' figures and the bulk
//    uploads' rules in src/shared go with theirs, and the write kit in src/web/lib/sync is one of its own),
//    which that feature's screens load;
//  - 'screens' when it is any other code (a component, a schema, a helper) and WIDELY_SHARED or more of them
//    reach it, which every screen that uses any of it loads;
//  - neither when it is from a package the start loads nothing of (the charts, the spreadsheet code), when
//    code imports it on demand (the device database, a menu's items: those load when used), when it is
//    heavy code kept apart (the forms), or when it imports anything that is neither in the start nor grouped.
//    So a group never brings the forms, the charts or the device database to a screen that does not use
//    them: the trouble with grouping by size alone (tried and reverted: 190 KiB for every route). And
//    'screens' never imports a feature's chunk, which every screen would otherwise load too.
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

/** Modules as many screens share as this, or more, go to the chunk every screen loads. */
export const WIDELY_SHARED = 4
/** A feature's folder, whose shared modules form a chunk for its screens; the shared reports and bulk code join theirs. */
const FEATURE = /[\\/]src[\\/](?:web[\\/]features[\\/]([^\\/]+)|shared[\\/](reports|bulk)[\\/]|web[\\/]lib[\\/](sync)[\\/])/
/** Shared code that goes with a feature's chunk: the reports' figures, the bulk uploads' rules, and the write kit. */
const FEATURE_OF: Record<string, string> = { reports: 'reports', bulk: 'bulk-uploads', sync: 'write-kit' }

/**
 * The group of each module that has one (see above). `entries` are the pages, whose static imports make the
 * start; `apart` tells a module that has a chunk of its own whatever shares it (the forms, the database).
 */
export function screenGroups(entries: readonly string[], graph: ModuleGraph, apart: (id: string) => boolean): Map<string, string> {
  const start = reach(entries, graph, staticImports)
  // The roots of the chunks loaded on demand: screens, menus, the database.
  const onDemand = new Set<string>()
  for (const id of reach(entries, graph, (info) => [...info.importedIds, ...info.dynamicallyImportedIds])) {
    for (const target of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []) onDemand.add(target)
  }
  // How many on-demand chunks reach each module the start does not load.
  const reachedBy = new Map<string, number>()
  for (const root of onDemand) {
    if (start.has(root)) continue
    for (const id of reach([root], graph, staticImports)) if (!start.has(id)) reachedBy.set(id, (reachedBy.get(id) ?? 0) + 1)
  }
  const startPackages = new Set([...start].map(packageOf).filter((name) => name !== null))
  const groups = new Map<string, string>()
  for (const [id, count] of reachedBy) {
    const info = graph.getModuleInfo(id)
    if (!info || count < 2 || info.isEntry || onDemand.has(id) || apart(id) || id.startsWith('\0')) continue
    const name = packageOf(id)
    if (name !== null && !startPackages.has(name)) continue
    const feature = FEATURE.exec(id)
    if (feature) groups.set(id, feature[1] ?? FEATURE_OF[(feature[2] ?? feature[3])!]!)
    else if (count >= WIDELY_SHARED) groups.set(id, 'screens')
  }
  // Drop, until none is left, a module that imports what is neither in the start nor grouped; and one of the
  // chunk every screen loads that imports a feature's, which every screen would then load too.
  for (let changed = true; changed;) {
    changed = false
    for (const [id, group] of groups) {
      const imports = graph.getModuleInfo(id)?.importedIds ?? []
      const kept = (next: string) => start.has(next) || (group === 'screens' ? groups.get(next) === 'screens' : groups.has(next))
      if (imports.every(kept)) continue
      groups.delete(id)
      changed = true
    }
  }
  return groups
}
