// Lighthouse's simulated LCP and TBT of saved page loads, as they were and with changes (bench/lib/what-if.ts):
//   LIGHTHOUSE_SAVE=/tmp/loads LIGHTHOUSE_RUNS=5 LIGHTHOUSE_PAGES="class report" npx tsx bench/web.ts
//   npx tsx bench/what-if.ts /tmp/loads/tls-class-report-*.json priority:/lang-dir=Low size:app-start=30
// Prints each load's LCP and TBT before and after, and the medians; WHAT_IF_TASKS=1 also lists the tasks the
// simulation made long, after the change (those after the FCP make the TBT). Asserts nothing.
import { simulate } from './lib/what-if'

const args = process.argv.slice(2)
const files = args.filter((a) => a.endsWith('.json'))
const changes = args.filter((a) => !a.endsWith('.json'))
if (files.length === 0) throw new Error('usage: npx tsx bench/what-if.ts LOAD.json… [drop:RE] [size:RE=KIB] [priority:RE=LEVEL]')
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const ms = (n: number) => n.toFixed(0)
const before = { lcp: [] as number[], tbt: [] as number[] }
const after = { lcp: [] as number[], tbt: [] as number[] }
for (const file of files) {
  const was = await simulate(file, [])
  const now = changes.length ? await simulate(file, changes) : was
  before.lcp.push(was.lcp)
  before.tbt.push(was.tbt)
  after.lcp.push(now.lcp)
  after.tbt.push(now.tbt)
  console.log(`${file}: LCP ${ms(was.lcp)} → ${ms(now.lcp)} ms (optimistic ${ms(now.optimistic)}, pessimistic ${ms(now.pessimistic)}), TBT ${ms(was.tbt)} → ${ms(now.tbt)} ms, FCP ${ms(now.fcp)} ms`)
  if (process.env.WHAT_IF_TASKS) for (const task of now.longTasks) console.log(`   ${ms(task.start).padStart(6)}–${ms(task.end).padStart(6)} ms (${ms(task.end - task.start)})${task.start >= now.fcp ? ' after FCP' : ''}: ${task.what}`)
}
console.log(`median of ${files.length}: LCP ${ms(median(before.lcp))} → ${ms(median(after.lcp))} ms, TBT ${ms(median(before.tbt))} → ${ms(median(after.tbt))} ms, with ${changes.join(' ') || 'no change'}`)
