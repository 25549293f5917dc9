// The next version of the app, for browser tests of updates: the served build with a mark in its pages, as a
// build whose pages carry that mark writes it (only the pages, their precache revisions in the service worker,
// and the compressed copies of those differ), deployed onto the build the test server serves, as a release
// would be, and rolled back after. The service worker's check for a new version is made by the browser itself,
// which a test's request routing does not see: the server answers the new sw.js and files from its build folder.
// The server reads the app's page once, at its start (as a release's new server would): the new page is
// answered by routing.
import { createHash } from 'node:crypto'
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { E2E } from '../../../playwright.config'

const md5 = (text: string) => createHash('md5').update(text).digest('hex')

/** Writes a file and the Brotli and gzip copies the build keeps beside it (vite.config.ts `precompress`). */
function writeWithCompressed(path: string, text: string) {
  writeFileSync(path, text)
  writeFileSync(`${path}.br`, brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  writeFileSync(`${path}.gz`, gzipSync(text, { level: 9 }))
}

/**
 * Makes the next version in `outDir` (under the run's own test-results folder) from the build this worker's server
 * serves: a second `vite build` would write the same files at the cost of a whole build. The service worker
 * precaches each page under the MD5 of its content (Workbox's revision), which is how the browser sees a new version.
 */
export function buildNextVersion(outDir: string): string {
  rmSync(outDir, { recursive: true, force: true })
  cpSync(E2E.distDir, outDir, { recursive: true })
  let worker = readFileSync(join(outDir, 'sw.js'), 'utf8')
  for (const name of ['index.html', 'sign-in.html']) {
    const current = readFileSync(join(outDir, name), 'utf8')
    const next = current.replace('</head>', '<meta name="miscue-e2e-version" content="next"></head>')
    const entry = (html: string) => `{"revision":"${md5(html)}","url":"${name}"}`
    if (!worker.includes(entry(current))) throw new Error(`sw.js has no precache entry ${entry(current)}: how the build lists its pages changed`)
    worker = worker.replace(entry(current), entry(next))
    writeWithCompressed(join(outDir, name), next)
  }
  writeWithCompressed(join(outDir, 'sw.js'), worker)
  return outDir
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/** Copies the next version over the served build (`served`, the server's dist/); returns the roll-back. */
export async function deploy(context: BrowserContext, next: string, served: string, backup: string): Promise<() => void> {
  await serveNextPage(context, next)
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

/** The next version's app page, with the base domain the server writes into the page it serves. */
async function serveNextPage(context: BrowserContext, next: string) {
  const host = new URL(E2E.institutionUrl).host
  // (Node does not resolve *.localhost: the same server by its loopback address.)
  const current = await (await context.request.get(`http://127.0.0.1:${E2E.port}/index.html`, { headers: { Host: host } })).text()
  const baseDomain = /<meta name="miscue-base-domain" content="([^"]*)"/.exec(current)?.[1] ?? ''
  const page = readFileSync(join(next, 'index.html'), 'utf8').replace(/(<meta name="miscue-base-domain" content=")[^"]*(")/, `$1${baseDomain}$2`)
  await context.route((url) => url.host === host && url.pathname === '/index.html',
    (route) => route.fulfill({ body: page, contentType: 'text/html; charset=utf-8', headers: { 'Cache-Control': 'no-cache' } }))
}

/** The version the page runs: "next" once the update took over. */
export function versionOf(page: Page): Locator {
  return page.locator('meta[name="miscue-e2e-version"]')
}
