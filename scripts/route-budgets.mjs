// Size budgets of the production build (bench/budgets.json), checked by `npm test` after the build step.
// From dist/.vite/manifest.json it works out what a first visit to each route downloads: the entry with
// its static imports and CSS, the English catalog (or, for a route that starts with them, the sign-in
// page's messages: dist/.vite/first-paint.json, ADR 0105), and the route's own split chunks (component,
// loader) and its layouts', each with their static imports. Sizes are gzip level 9, in KiB. A route over its
// budget fails the check with its name and size. Dynamic imports (loaded on use) are not counted.
// Run: node scripts/route-budgets.mjs [distDir] [budgetsFile]
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

const ROUTES_DIR = 'src/web/routes/'

/** Files (JS and CSS) a set of manifest keys loads: their chunks, CSS and static imports, recursively. */
export function closure(manifest, keys) {
  const files = new Set()
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) return
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of keys) visit(key)
  return files
}

/** Route files of the build (keys `src/web/routes/…tsx?tsr-split=…`) with their chunk keys. */
export function routeChunks(manifest) {
  const routes = new Map()
  for (const key of Object.keys(manifest)) {
    const match = /^(src\/web\/routes\/.+\.tsx)\?tsr-split=/.exec(key)
    if (!match) continue
    if (!routes.has(match[1])) routes.set(match[1], [])
    routes.get(match[1]).push(key)
  }
  return routes
}

/** `src/web/routes/_app/report/index.tsx` → `/report`; `src/web/routes/login.tsx` → `/login`. */
export function routeName(file) {
  const path = file.slice(ROUTES_DIR.length).replace(/\.tsx$/, '')
  const parts = path.split(/[/.]/).filter((p) => p && !p.startsWith('_') && p !== 'index')
  return `/${parts.join('/')}`
}

/** The layout route files above a route (`_app.tsx` above `_app/…`, and the root). */
function layoutsOf(file, routes) {
  const rel = file.slice(ROUTES_DIR.length).split('/')
  const layouts = [`${ROUTES_DIR}__root.tsx`]
  for (let i = 1; i < rel.length; i++) layouts.push(`${ROUTES_DIR}${rel.slice(0, i).join('/')}.tsx`)
  return layouts.filter((l) => routes.has(l) && l !== file)
}

/**
 * Sizes every route against the budgets. `sizeOf(file)` answers a file's gzip size in bytes;
 * `signInCatalog` is the file of the sign-in page's English messages, counted instead of the catalog for
 * a route whose budget says `signInCatalog: true`.
 * Returns one row per route and the failures, each naming the route, its size and its budget.
 */
export function checkBudgets(manifest, sizeOf, budgets, signInCatalog) {
  const routes = routeChunks(manifest)
  const shared = closure(manifest, budgets.shared)
  const catalog = closure(manifest, [budgets.catalog])
  const kib = (files) => [...files].reduce((n, f) => n + sizeOf(f), 0) / 1024
  const rows = []
  const failures = []
  for (const [file, keys] of [...routes].sort(([a], [b]) => a.localeCompare(b))) {
    const own = closure(manifest, [...layoutsOf(file, routes).flatMap((l) => routes.get(l)), ...keys])
    for (const f of shared) own.delete(f)
    const ownKiB = kib(own)
    const budget = budgets.routes?.[file] ?? {}
    if (budget.signInCatalog && !signInCatalog) throw new Error(`${file} starts with the sign-in catalog, which the build did not name`)
    const firstKiB = kib(shared) + (budget.signInCatalog ? sizeOf(signInCatalog) / 1024 : kib(catalog)) + ownKiB
    const ownBudget = budget.ownKiB ?? budgets.defaultOwnKiB
    const name = routeName(file)
    const ownFiles = own.size
    const filesBudget = budget.ownFiles ?? budgets.defaultOwnFiles
    rows.push({ route: name, file, firstKiB, ownKiB, ownFiles, firstBudget: budget.firstVisitKiB, ownBudget, filesBudget })
    if (filesBudget !== undefined && ownFiles > filesBudget) {
      failures.push(`${name} (${file}): its own chunks are ${ownFiles} files, over its budget of ${filesBudget} files`)
    }
    if (budget.firstVisitKiB !== undefined && firstKiB > budget.firstVisitKiB) {
      failures.push(`${name} (${file}): first visit ${firstKiB.toFixed(1)} KiB gzip, over its budget of ${budget.firstVisitKiB} KiB`)
    }
    if (ownBudget !== undefined && ownKiB > ownBudget) {
      failures.push(`${name} (${file}): its own chunks ${ownKiB.toFixed(1)} KiB gzip, over its budget of ${ownBudget} KiB`)
    }
  }
  for (const file of Object.keys(budgets.routes ?? {})) {
    if (!routes.has(file)) failures.push(`${file}: has a budget but is not a route of the build`)
  }
  // Pages of their own (the sign-in page a first visit loads, ADR 0106): their entry with its imports and CSS,
  // and the sign-in page's messages.
  for (const [page, budget] of Object.entries(budgets.pages ?? {})) {
    if (!manifest[page]) {
      failures.push(`${page}: has a budget but is not a page of the build`)
      continue
    }
    if (!signInCatalog) throw new Error(`${page} starts with the sign-in catalog, which the build did not name`)
    const firstKiB = kib(closure(manifest, [page])) + sizeOf(signInCatalog) / 1024
    rows.push({ route: page, file: page, firstKiB, ownKiB: 0, firstBudget: budget.firstVisitKiB, ownBudget: undefined })
    if (firstKiB > budget.firstVisitKiB) failures.push(`${page}: first visit ${firstKiB.toFixed(1)} KiB gzip, over its budget of ${budget.firstVisitKiB} KiB`)
  }
  return { rows, failures, sharedKiB: kib(shared) + kib(catalog) }
}

function main() {
  const root = resolve(import.meta.dirname, '..')
  const dist = resolve(root, process.argv[2] ?? 'dist')
  const budgets = JSON.parse(readFileSync(resolve(root, process.argv[3] ?? 'bench/budgets.json'), 'utf8'))
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
  const sizes = new Map()
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length)
    return sizes.get(file)
  }
  const firstPaint = JSON.parse(readFileSync(join(dist, '.vite', 'first-paint.json'), 'utf8'))
  const signInCatalog = firstPaint.signInCatalog.en.replace(/^\//, '')
  const { rows, failures, sharedKiB } = checkBudgets(manifest, sizeOf, budgets, signInCatalog)
  console.log(`Shared by every first visit (entry, CSS, English catalog): ${sharedKiB.toFixed(1)} KiB gzip`)
  for (const r of [...rows].sort((a, b) => b.firstKiB - a.firstKiB)) {
    const first = r.firstBudget === undefined ? '' : ` (budget ${r.firstBudget})`
    const own = r.ownBudget === undefined ? '' : `, own ${r.ownKiB.toFixed(1).padStart(5)} KiB (budget ${r.ownBudget})`
    const files = r.ownFiles === undefined ? '' : `, ${String(r.ownFiles).padStart(2)} files${r.filesBudget === undefined ? '' : ` (budget ${r.filesBudget})`}`
    console.log(`  ${r.route.padEnd(40)} first visit ${r.firstKiB.toFixed(1).padStart(6)} KiB${first}${own}${files}`)
  }
  if (failures.length) {
    console.error(`\nRoutes over their size budget (bench/budgets.json):\n  ${failures.join('\n  ')}`)
    process.exit(1)
  }
  console.log(`All ${rows.length} routes within their budgets.`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main()
