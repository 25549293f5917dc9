// How long the demo institution copy takes for an institution of STUDENTS students (default 2,000) with
// SITTINGS sittings (default 20,000), on the in-memory PGlite the API tests use (or TEST_DATABASE_URL's
// PostgreSQL). Prints figures, asserts nothing.
// Run: npx tsx bench/demo-copy.ts [students] [sittings]
import { availableParallelism, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import { academicYears } from '../src/server/db/schema/tables'
import { generateSittings } from '../src/server/db/seed/sittings-generator'
import { ADMIN_PASSWORD, PLATFORM_HOST, createHarness } from '../tests/setup/api-harness'
import { seedLargeInstitution } from '../tests/factories/large-institution'

const STUDENTS = Number(process.argv[2] ?? 2000)
const SITTINGS = Number(process.argv[3] ?? 20000)
const h = await createHarness({ sampleData: false })
const t0 = performance.now()
const { institutionId } = await seedLargeInstitution(h.db, { subdomain: 'benchsource', students: STUDENTS, schools: 4, classesPerSchool: 20 })
const [year] = await h.db.select({ id: academicYears.id }).from(academicYears).where(eq(academicYears.institution_id, institutionId))
if (SITTINGS > 0) await generateSittings(h.db, { institutionId, yearId: year!.id, count: SITTINGS })
const seeded = performance.now() - t0
const token = await h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
const res = await h.request('POST', '/api/demo-institution/create/', {
  host: PLATFORM_HOST, token,
  json: { source_client_id: institutionId, demo_name: 'Bench Demo', demo_subdomain: 'bench-demo', notify_email: 'bench@example.test' },
})
if (res.status !== 202) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`)
const t1 = performance.now()
await h.runJobs({ only: ['copy-demo-institution'] })
const copied = performance.now() - t1
const status = await h.request('POST', '/api/demo-institution/status/', { host: PLATFORM_HOST, token, json: { task_id: res.body.payload.task_id } })
const s = status.body.payload
console.log(`database: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}; ${availableParallelism()} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)
console.log(`source: ${STUDENTS} students, 4 schools, 80 classes, ${SITTINGS} sittings (seeded in ${(seeded / 1000).toFixed(1)} s)`)
console.log(`demo copy: ${s.state} in ${(copied / 1000).toFixed(2)} s — ${JSON.stringify(s.statistics ?? s.error)}`)
await h.close()
