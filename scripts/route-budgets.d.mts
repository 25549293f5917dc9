// Types of route-budgets.mjs (plain JavaScript, so `npm test` runs it with node alone).
export type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
export type Manifest = Record<string, ManifestChunk>
export type Budgets = {
  shared: string[]
  /** The manifest key of the catalog a first visit loads. */
  catalog: string
  defaultOwnKiB?: number
  /** How many files a route's own chunks may add to a first visit: each is a request on a slow link. */
  defaultOwnFiles?: number
  routes?: Record<string, { firstVisitKiB?: number; ownKiB?: number; ownFiles?: number; signInCatalog?: boolean }>
  /** Pages of their own (an HTML entry of the build) that start with the sign-in catalog. */
  pages?: Record<string, { firstVisitKiB: number }>
}
export type RouteRow = { route: string; file: string; firstKiB: number; ownKiB: number; ownFiles?: number; firstBudget?: number; ownBudget?: number; filesBudget?: number }
export function closure(manifest: Manifest, keys: string[]): Set<string>
export function routeChunks(manifest: Manifest): Map<string, string[]>
export function routeName(file: string): string
export function checkBudgets(manifest: Manifest, sizeOf: (file: string) => number, budgets: Budgets, signInCatalog?: string): { rows: RouteRow[]; failures: string[]; sharedKiB: number }
