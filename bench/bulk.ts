// Bulk upload figures (npm run bench:bulk). Prints figures, asserts nothing.
//  1. In Chromium: the spreadsheet worker's check of 1k, 10k and 50k student rows (read, header mapping, every
//     row through the shared row checks) next to SheetJS's bare parse of the same file in a worker; the ratio
//     is what the checks cost on top of reading the file. Both timed from the page (post to answer), warm. With
//     them, the page's longest task while a file is checked (long tasks are those over 50 ms; rendering the
//     preview is not part of this page).
//  2. On the server (the real app, in-memory PGlite, or PostgreSQL with TEST_DATABASE_URL): the student
//     upload of the same files, rows imported per second (1k while the request waits, 10k and 50k by the job).
// BENCH_ROWS=1000,10000,50000 picks the sizes; BENCH_RUNS the timed runs per size in the browser (default 3);
// BENCH_SERVER=0 leaves out the server's import.
import { createServer } from 'node:http'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os'
import { extname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { eq, sql } from 'drizzle-orm'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import * as XLSX from 'xlsx'
import { institutions, licences, students } from '../src/server/db/schema/tables'
import { api } from '../src/shared/api'
import { createHarness } from '../tests/setup/api-harness'
import { multipart } from '../tests/factories/assessments'
import { sampleInstitutionId } from '../tests/factories/tenants'

const SIZES = (process.env.BENCH_ROWS ?? '1000,10000,50000').split(',').map(Number)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const HEADER = ['first_name', 'last_name', 'arabic_name', 'enrollment_code', 'gender', 'user_field_1', 'user_field_2', 'user_field_3', 'user_field_4']
const FIRST = ['Adam', 'Bella', 'Karim', 'Lina', 'Tariq', 'Sara', 'Omar', 'Huda', 'Yusuf', 'Mariam']
const ARABIC = ['آدم', 'بيلا', 'كريم', 'لينا', 'طارق', 'سارة', 'عمر', 'هدى', 'يوسف', 'مريم']

/** A student file as a school would send it: text, a date cell, a code stored as a number now and then. */
function studentFile(rows: number, tag: string): Buffer {
  const data: unknown[][] = [HEADER]
  for (let i = 0; i < rows; i++) {
    // Numbers that do not collide across sizes (each size is imported once on the server).
    const code = i % 7 === 0 ? rows * 1000 + i : `${tag}-${String(i).padStart(7, '0')}`
    data.push([FIRST[i % 10], `Family${i}`, `${ARABIC[i % 10]} ${i}`, code, i % 2 ? 'm' : 'f', i % 3 ? `House ${i % 4}` : 42_443 + (i % 300), '', i % 5 ? '' : 'Bus 3', ''])
  }
  const sheet = XLSX.utils.aoa_to_sheet(data)
  for (let r = 1; r <= rows; r++) {
    const cell = sheet[XLSX.utils.encode_cell({ r, c: 5 })]
    if (cell && typeof cell.v === 'number') cell.z = 'dd/mm/yyyy'
  }
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, 'Students')
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

async function browserFigures(files: Map<number, Buffer>) {
  const dir = mkdtempSync(join(tmpdir(), 'miscue-bench-bulk-'))
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: dir,
      emptyOutDir: true,
      lib: {
        entry: { 'spreadsheet-worker': resolve('src/web/workers/spreadsheet.worker.ts'), 'bare-parse': resolve('bench/bulk-bare-parse.worker.ts') },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
    },
  })
  for (const [rows, bytes] of files) writeFileSync(join(dir, `students-${rows}.xlsx`), bytes)
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>bulk bench</title>')
  const types: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.xlsx': 'application/octet-stream' }
  const server = createServer((req, res) => {
    try {
      const path = join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html')
      const body = readFileSync(path)
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as { port: number }).port
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    const page = await browser.newPage()
    await page.goto(`http://127.0.0.1:${port}/index.html`)
    // One worker of each kind, warmed up (module loaded and compiled) before anything is timed. The page code
    // is a string: tsx would add helpers to a function that the page does not have.
    await page.evaluate(`(() => {
      const make = (url) => {
        const worker = new Worker(url, { type: 'module' })
        return (message, transfer) => new Promise((done) => {
          const t0 = performance.now()
          worker.onmessage = (e) => { if (e.data.type !== 'progress') done({ ms: performance.now() - t0, answer: e.data }) }
          worker.postMessage(message, transfer)
        })
      }
      window.askCheck = make('/spreadsheet-worker.js')
      window.askBare = make('/bare-parse.js')
      // The page's own tasks over 50 ms (what blocks it) while a file is checked, the answer's transfer included.
      window.longest = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longest = Math.max(window.longest, entry.duration)
      }).observe({ type: 'longtask' })
    })()`)
    const refs = JSON.stringify({ student_id_validation: { type: 'NONE', acronym: 'B', regex: null } })
    const run = (rows: number, mode: 'check' | 'bare' | 'lean') => page.evaluate(`(async () => {
      const bytes = await (await fetch('/students-${rows}.xlsx')).arrayBuffer()
      window.longest = 0
      const { ms, answer } = '${mode}' === 'check'
        ? await window.askCheck({ id: 1, type: 'check', bytes, kind: 'student', refs: ${refs}, ctx: { classId: 1 } }, [bytes])
        : await window.askBare({ bytes, lean: '${mode}' === 'lean' }, [bytes])
      await new Promise((r) => setTimeout(r, 50)) // long-task entries are delivered after the task
      return { ms, valid: answer.result?.valid?.length, invalid: answer.result?.invalid?.length, longest: window.longest }
    })()`) as Promise<{ ms: number; valid?: number; invalid?: number; longest: number }>
    for (const mode of ['check', 'bare', 'lean'] as const) await run(SIZES[0]!, mode)
    console.log(`Browser (Chromium, module workers, timed from the page; median of ${RUNS} runs):`)
    for (const rows of SIZES) {
      const check: number[] = []
      const bare: number[] = []
      const lean: number[] = []
      let verdict = ''
      let blocked = 0
      for (let i = 0; i < RUNS; i++) {
        const c = await run(rows, 'check')
        verdict = `${c.valid} valid, ${c.invalid} to fix`
        blocked = Math.max(blocked, c.longest)
        check.push(c.ms)
        bare.push((await run(rows, 'bare')).ms)
        lean.push((await run(rows, 'lean')).ms)
      }
      const size = `${(files.get(rows)!.length / 1024).toFixed(0)} kB`
      console.log(`  ${rows.toLocaleString('en').padStart(6)} rows (${size.padStart(7)}): pre-validation ${seconds(median(check)).padStart(7)}, SheetJS bare parse ${seconds(median(bare)).padStart(7)}, ratio ${(median(check) / median(bare)).toFixed(2)}`
        + `  | the reader's own parse ${seconds(median(lean)).padStart(7)}, checks add ${(median(check) / median(lean)).toFixed(2)}x  (${verdict})`
        + `  | page's longest task ${blocked ? `${blocked.toFixed(0)} ms` : 'none over 50 ms'}`)
    }
  } finally {
    await browser.close()
    server.close()
  }
}

async function serverFigures(files: Map<number, Buffer>) {
  const h = await createHarness()
  try {
    const institutionId = await sampleInstitutionId(h)
    await h.db.update(institutions).set({ student_id_validation_type: 'NONE' }).where(eq(institutions.id, institutionId))
    await h.db.update(licences).set({ purchase_quantity: 1_000_000 }).where(eq(licences.institution_id, institutionId))
    const token = await h.login('institution.admin@sample.test')
    const schoolId = (await h.request('GET', api.mySchools, { token })).body.payload.results[0].id
    const yearId = (await h.request('GET', api.academicYears, { token })).body.payload.results[0].id
    const classId = (await h.request('GET', api.allClasses(schoolId), { token })).body.payload.results[0].id
    const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'
    console.log(`Server (the real app on ${database}; ${h.env.bulkSyncRows.toLocaleString('en')} rows or fewer while the request waits, more by the bulk-import job):`)
    for (const [rows] of files) {
      // Fresh codes for each run: the same file twice would be refused as existing.
      const bytes = studentFile(rows, `S${rows}`)
      const before = (await h.db.select({ n: sql<number>`count(*)::int` }).from(students))[0]!.n
      const t0 = performance.now()
      const res = await multipart(h, 'POST', api.uploadStudent(schoolId, yearId), {
        host: 'sample.localhost:8080', token, fields: { class: String(classId) },
        files: { student_excel: { name: `students-${rows}.xlsx`, type: 'application/octet-stream', bytes } },
      })
      if (res.status === 202) await h.runJobs({ only: ['bulk-import'] })
      else if (res.status !== 200) throw new Error(`upload of ${rows} rows: ${res.status} ${JSON.stringify(res.body)}`)
      const ms = performance.now() - t0
      const imported = (await h.db.select({ n: sql<number>`count(*)::int` }).from(students))[0]!.n - before
      console.log(`  ${rows.toLocaleString('en').padStart(6)} rows: ${imported.toLocaleString('en')} imported in ${seconds(ms)} (${res.status === 202 ? 'job' : 'in the request'}): ${Math.round(imported / (ms / 1000)).toLocaleString('en')} rows/s`)
    }
  } finally {
    await h.close()
  }
}

const cores = availableParallelism()
const [l1, l5, l15] = loadavg()
console.log(`Machine: ${cores} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), load average ${l1!.toFixed(2)} / ${l5!.toFixed(2)} / ${l15!.toFixed(2)} (1/5/15 min), Node ${process.version}`)
const files = new Map(SIZES.map((rows) => [rows, studentFile(rows, 'B')]))
await browserFigures(files)
if (process.env.BENCH_SERVER !== '0') await serverFigures(files)
const [e1] = loadavg()
console.log(`Load average at the end: ${e1!.toFixed(2)}`)
