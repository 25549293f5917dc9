// Prints the size of each layer of the house (lines of TypeScript, tests apart), for issue 28's before and after.
// Usage: node scripts/house-figures.mjs [DIR]   (DIR: a checkout; default this one)
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = process.argv[2] ?? process.cwd()
const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs'], { cwd: dir, encoding: 'utf8' }).split('\n').filter(Boolean)
const isTest = (f) => /\.test\.tsx?$|\.spec\.ts$/.test(f) || f.startsWith('tests/')
const generated = (f) => f.includes('/migrations/') || f.endsWith('routeTree.gen.ts') || f.includes('/locales/')

/** The layer a file belongs to: src/<side>/<folder>, or its top folder. */
function layer(f) {
  const parts = f.split('/')
  if (parts[0] === 'src' && parts.length > 3) return parts.slice(0, 3).join('/')
  if (parts[0] === 'src') return parts.slice(0, 2).join('/')
  return parts.length > 1 ? parts[0] : '(top)'
}

const rows = new Map()
for (const f of files) {
  if (generated(f)) continue
  const lines = readFileSync(join(dir, f), 'utf8').split('\n').length
  const key = isTest(f) && !f.startsWith('tests/') ? `${layer(f)} (tests)` : layer(f)
  const row = rows.get(key) ?? { files: 0, lines: 0 }
  row.files++
  row.lines += lines
  rows.set(key, row)
}
const sum = (pred) => [...rows].filter(([k]) => pred(k)).reduce((a, [, r]) => a + r.lines, 0)
for (const [k, r] of [...rows].sort(([a], [b]) => a.localeCompare(b))) console.log(`${k.padEnd(36)} ${String(r.files).padStart(5)} files ${String(r.lines).padStart(7)} lines`)
console.log(`product (src, sw, scripts; no tests)      ${sum((k) => !k.endsWith('(tests)') && !['tests', 'bench'].includes(k))} lines`)
console.log(`tests (tests/ and *.test.ts beside code)  ${sum((k) => k.endsWith('(tests)') || k === 'tests')} lines`)
