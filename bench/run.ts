// Benchmarks that print figures (never assertions). Run: npm run bench
// Measures the API in-process on an in-memory PGlite: list calls on a school with many rows,
// an idempotent create and its replay, and sign-in (dominated by scrypt on purpose).
import { performance } from 'node:perf_hooks'
import { createHarness } from '../tests/setup/api-harness'
import { grades, schools } from '../src/server/db/schema/tables'

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const pick = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
  return `median ${pick(0.5).toFixed(1)} ms, p95 ${pick(0.95).toFixed(1)} ms (n=${samples.length})`
}

async function time(n: number, fn: (i: number) => Promise<unknown>) {
  const samples: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await fn(i)
    samples.push(performance.now() - t)
  }
  return stats(samples)
}

const h = await createHarness()
const token = await h.login('institution.admin@sample.test')
const [school] = await h.db.select().from(schools)
const ROWS = 5000
const batch = Array.from({ length: ROWS }, (_, i) => ({
  institution_id: school!.institution_id, school_id: school!.id, identifier: `B${i}`, display_name: `Bench grade ${i}`,
}))
for (let i = 0; i < batch.length; i += 1000) await h.db.insert(grades).values(batch.slice(i, i + 1000))
const path = `/api/school/${school!.id}/grade/`

console.log(`Grades list, ${ROWS} rows in the school:`)
console.log(`  first page:                ${await time(50, () => h.request('GET', path, { token }))}`)
console.log(`  page 200, ordered desc:    ${await time(50, () => h.request('GET', `${path}?page=200&ordering=-display_name`, { token }))}`)
console.log(`  search display_name=99:    ${await time(50, () => h.request('GET', `${path}?display_name=99`, { token }))}`)
console.log(`Create with Idempotency-Key: ${await time(50, (i) => h.request('POST', path, { token, json: { identifier: `N${i}`, display_name: 'New' }, headers: { 'Idempotency-Key': `k${i}` } }))}`)
console.log(`Replay of the same key:      ${await time(50, (i) => h.request('POST', path, { token, json: { identifier: `N${i}`, display_name: 'New' }, headers: { 'Idempotency-Key': `k${i}` } }))}`)
console.log(`Sign-in (scrypt N=16384):    ${await time(10, () => h.login('teacher@sample.test'))}`)
await h.close()
