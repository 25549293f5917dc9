// Sums the reports of every test step of .ci/run into one closing line "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`(no report: ${file})`)
    failed += 1
    continue
  }
  const r = JSON.parse(readFileSync(file, 'utf8'))
  if (r.stats) {
    passed += (r.stats.expected ?? 0) + (r.stats.flaky ?? 0)
    failed += r.stats.unexpected ?? 0
  } else {
    passed += r.numPassedTests ?? 0
    failed += r.numFailedTests ?? 0
  }
}
console.log(`${passed} passed, ${failed} failed`)
