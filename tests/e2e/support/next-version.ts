// The next version of the app, for browser tests of updates: a real build of its own (the app's build with a
// mark in its page), deployed onto the build the test server serves, as a release would be, and rolled back
// after. (The service worker's check for a new version is made by the browser itself, which a test's request
// routing does not see: the server has to answer the new version.)
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import type { Locator, Page } from '@playwright/test'

/** Builds the next version into `outDir` (under the run's own test-results folder). */
export function buildNextVersion(outDir: string): string {
  execFileSync('npx', ['vite', 'build', '--config', 'tests/e2e/support/next-version.vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    stdio: 'inherit', timeout: 300_000, env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  })
  return outDir
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/** Copies the next version over the served build (`served`, the server's dist/); returns the roll-back. */
export function deploy(next: string, served: string, backup: string): () => void {
  const replaced: string[] = []
  const added: string[] = []
  for (const file of filesUnder(next)) {
    const name = relative(next, file)
    const target = join(served, name)
    if (existsSync(target)) {
      mkdirSync(dirname(join(backup, name)), { recursive: true })
      copyFileSync(target, join(backup, name))
      replaced.push(name)
    } else {
      added.push(name)
    }
    mkdirSync(dirname(target), { recursive: true })
    copyFileSync(file, target)
  }
  return () => {
    for (const name of replaced) copyFileSync(join(backup, name), join(served, name))
    for (const name of added) rmSync(join(served, name), { force: true })
  }
}

/** The version the page runs: "next" once the update took over. */
export function versionOf(page: Page): Locator {
  return page.locator('meta[name="miscue-e2e-version"]')
}
