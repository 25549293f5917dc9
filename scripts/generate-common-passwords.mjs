// Writes src/shared/rules/common-passwords.txt.gz: the 10,000 most common passwords from the
// @zxcvbn-ts/language-common dictionary (ordered by frequency), lower-cased, one a line, gzipped. Data, not
// code: the server reads it at start and the web fetches it when a password form opens (ADR 0127).
// Run after upgrading that package: node scripts/generate-common-passwords.mjs
import { writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const { dictionary } = require('@zxcvbn-ts/language-common')
const version = require('@zxcvbn-ts/language-common/package.json').version
const COUNT = 10_000
const words = []
const seen = new Set()
for (const word of dictionary['passwords-common']) {
  const w = String(word).toLowerCase()
  if (seen.has(w) || /[\n\r\\`$]/.test(w)) continue
  seen.add(w)
  words.push(w)
  if (words.length === COUNT) break
}
const out = join(dirname(fileURLToPath(import.meta.url)), '../src/shared/rules/common-passwords.txt.gz')
// mtime 0 in the header: the same list always gives the same bytes.
writeFileSync(out, gzipSync(words.join('\n'), { level: 9 }).fill(0, 4, 8))
console.log(`wrote the ${words.length} most common passwords of @zxcvbn-ts/language-common ${version} to ${out}`)
