// The short list a teacher picks what the child said from (ADR 0121), so most attempts need no typing: the word
// itself, then its first letters growing one at a time (an attempt such as "h", "ho", "hou"); on Arabic passages
// also each letter of the word, diacritics kept on it. Punctuation around the word is left out.
import { lettersOf } from '../../../shared/reports/scoring-profile'

/** Most choices offered for one word. */
export const MAX_SAID_CHOICES = 10

export function saidChoices(word: string, direction: 'ltr' | 'rtl'): string[] {
  const bare = word.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '')
  const letters = lettersOf(bare)
  const prefixes = letters.slice(0, -1).map((_, i) => letters.slice(0, i + 1).join(''))
  const singles = direction === 'rtl' ? letters : []
  return [...new Set([bare, ...prefixes, ...singles])].filter((c) => c !== '').slice(0, MAX_SAID_CHOICES)
}
