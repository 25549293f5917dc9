// What a first visit to the sign-in page downloads: every JS and CSS file the page itself requests
// (the service worker's precache, which runs afterwards in the background, is not counted), with the
// gzip size of each. Needs a build (npm run build). Run: npx tsx bench/login-bundle.ts
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'

const port = 8790
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'miscue-bench-')), SAMPLE_PASSWORD: 'Sample$1pass', ADMIN_PASSWORD: 'Admin$1pass' },
  stdio: 'ignore',
})
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/`)).ok) break
    } catch {
      if (i > 120) throw new Error('server did not start')
      await new Promise((r) => setTimeout(r, 500))
    }
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  const page = await browser.newPage()
  const files: { url: string; raw: number; gzip: number }[] = []
  page.on('response', async (response) => {
    const url = new URL(response.url())
    if (!/\.(js|css)$/.test(url.pathname)) return
    const body = await response.body()
    files.push({ url: url.pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length })
  })
  await page.goto(`http://sample.localhost:${port}/login`, { waitUntil: 'networkidle' })
  await page.getByRole('button', { name: 'Sign in' }).waitFor()
  await browser.close()

  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`
  files.sort((a, b) => b.gzip - a.gzip)
  for (const f of files) console.log(`${kb(f.gzip).padStart(9)} gzip  ${kb(f.raw).padStart(9)} raw  ${f.url}`)
  const sum = (kind: string, key: 'gzip' | 'raw') => files.filter((f) => f.url.endsWith(kind)).reduce((n, f) => n + f[key], 0)
  console.log(`Login route, first visit: JS ${kb(sum('.js', 'gzip'))} gzip (${kb(sum('.js', 'raw'))} raw), ` +
    `CSS ${kb(sum('.css', 'gzip'))} gzip (${kb(sum('.css', 'raw'))} raw), total ${kb(sum('.js', 'gzip') + sum('.css', 'gzip'))} gzip in ${files.length} files`)
} finally {
  server.kill()
}
