// Looks up the Arabic the app shows for an English message, from the shipped catalog, so a browser test can
// walk the whole app in Arabic with the same steps (and fails if a label has no translation).
import { readFileSync } from 'node:fs'

type Entry = { context?: string; id: string; str: string }

function unquote(lines: string[]): string {
  return lines.map((l) => JSON.parse(l.trim()) as string).join('')
}

function parse(text: string): Entry[] {
  const entries: Entry[] = []
  for (const block of text.split(/\r?\n\r?\n/)) {
    const lines = block.split(/\r?\n/).filter((l) => !l.startsWith('#'))
    const field = (name: string): string | undefined => {
      const start = lines.findIndex((l) => l.startsWith(`${name} `))
      if (start < 0) return undefined
      const parts = [lines[start]!.slice(name.length + 1)]
      for (let i = start + 1; i < lines.length && lines[i]!.startsWith('"'); i++) parts.push(lines[i]!)
      return unquote(parts)
    }
    const id = field('msgid')
    const str = field('msgstr')
    if (id && str !== undefined) entries.push({ context: field('msgctxt'), id, str })
  }
  return entries
}

const entries = parse(readFileSync('src/web/locales/ar/messages.po', 'utf8'))

/** The Arabic translation of an English message (without context unless one is given). */
export function ar(english: string, context?: string): string {
  const entry = entries.find((e) => e.id === english && e.context === context)
  if (!entry || !entry.str) throw new Error(`No Arabic translation for "${english}"${context ? ` (${context})` : ''}`)
  return entry.str
}

/** An exact-match regular expression for a label, safe for special characters. */
export function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
}

/**
 * What the app shows in Arabic for `n` of an English plural message: the translation's branch for Arabic's
 * plural category of `n` (zero, one, two, few, many, other), its # replaced by n.
 */
export function arPlural(english: string, n: number): string {
  const category = new Intl.PluralRules('ar').select(n)
  const str = ar(english)
  const start = str.indexOf(` ${category} {`)
  if (start < 0) throw new Error(`No "${category}" form in the Arabic of "${english}"`)
  let depth = 0
  const open = str.indexOf('{', start)
  for (let i = open; i < str.length; i++) {
    if (str[i] === '{') depth++
    else if (str[i] === '}' && --depth === 0) return str.slice(open + 1, i).replaceAll('#', String(n))
  }
  throw new Error(`Unbalanced braces in the Arabic of "${english}"`)
}
