// `npm run audit`: the production dependencies' known vulnerabilities (npm audit --omit=dev). Fails on
// high or critical ones. Where the registry's audit service does not answer (some mirrors answer 405,
// or there is no network), it says so and exits 0: the check could not run, which is not a finding.
import { spawnSync } from 'node:child_process'

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 })
const out = `${run.stdout ?? ''}`
let report
try {
  report = JSON.parse(out)
} catch {
  report = null
}
const failure = report?.error ?? (report ? null : { summary: (run.stderr || out || run.error?.message || 'no answer').trim().split('\n')[0] })
if (failure) {
  const text = `${report?.statusCode ?? ''} ${report?.message ?? ''} ${failure.code ?? ''} ${failure.summary ?? ''} ${failure.detail ?? ''} ${run.stderr ?? ''}`.replace(/\s+/g, ' ').trim()
  if (/405|404|ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|ENETUNREACH|network|not implemented|not allowed|audit endpoint/i.test(text) || run.error) {
    console.log(`[audit] the registry's audit service did not answer (${text.slice(0, 200)}): vulnerabilities NOT checked this time.`)
    process.exit(0)
  }
  console.error(`[audit] npm audit failed: ${text}`)
  process.exit(1)
}
const counts = report.metadata?.vulnerabilities ?? {}
const serious = (counts.high ?? 0) + (counts.critical ?? 0)
console.log(`[audit] production dependencies: ${JSON.stringify(counts)}`)
for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
  if (v.severity === 'high' || v.severity === 'critical') console.log(`[audit] ${v.severity}: ${name} ${v.range ?? ''}`)
}
if (serious > 0) {
  console.error(`[audit] ${serious} high or critical vulnerabilities in production dependencies`)
  process.exit(1)
}
console.log('[audit] no high or critical vulnerabilities')
