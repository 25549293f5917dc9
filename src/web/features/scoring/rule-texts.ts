// The rules of a scoring profile (shared/reports/scoring-profile.ts) in plain words, for the profile form (each
// switch says what it does in the position it is in) and the profile list (what a profile does, rule by rule).
import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { RULE_NAMES } from '../../../shared/reports/scoring-profile'
import type { ScoringRules } from '../../../shared/reports/scoring-profile'

type RuleName = (typeof RULE_NAMES)[number]

type RuleText = {
  /** The switch's label. */
  label: MessageDescriptor
  /** What happens to a sitting with the switch on. */
  on: MessageDescriptor
  /** What happens with it off. */
  off: MessageDescriptor
  /** The same in a few words, for the list: on, off. */
  short: readonly [MessageDescriptor, MessageDescriptor]
}

export const RULE_TEXTS: Record<RuleName, RuleText> = {
  self_corrections_correct: {
    label: msg`Self-corrections count as correct`,
    on: msg`A word the reader gets wrong and then corrects on their own counts as read correctly.`,
    off: msg`A word the reader gets wrong and then corrects still counts as an error (the self-correction is still counted).`,
    short: [msg`Self-corrections are correct`, msg`Self-corrections stay errors`],
  },
  ignore_unwritten_short_vowels: {
    label: msg`Ignore short vowels that are not written`,
    on: msg`A short-vowel or case-ending mistake on a word printed without vowel marks (harakat) is not an error: the reader could not see the vowel. Words printed with their vowel marks are still held to them.`,
    off: msg`Short-vowel and case-ending mistakes are errors on every word, whether or not its vowel marks are printed.`,
    short: [msg`Unwritten short vowels ignored`, msg`Every short vowel counts`],
  },
  ignore_case_endings: {
    label: msg`Ignore case endings`,
    on: msg`A mistake in the ending of a word (its case ending, i‘rab) is never an error: reading the ending or stopping on the word are both accepted.`,
    off: msg`Case-ending mistakes are errors, unless the rule on unwritten short vowels sets them aside.`,
    short: [msg`Case endings ignored`, msg`Case endings count`],
  },
  pausal_endings_correct: {
    label: msg`Pausal endings at the end of a phrase are correct`,
    on: msg`Stopping on a word at the end of a phrase without its case ending (the pausal form) is correct reading, not an error.`,
    off: msg`A case-ending mark counts wherever it is, at the end of a phrase too.`,
    short: [msg`Pausal endings correct`, msg`Pausal endings count`],
  },
  count_insertions: {
    label: msg`Count insertions as errors`,
    on: msg`Each word the reader adds that is not in the passage counts as an error in accuracy, as in running records.`,
    off: msg`Words the reader adds are noted but not counted in accuracy: only the words of the passage are scored, as in EGRA.`,
    short: [msg`Insertions count`, msg`Insertions not counted`],
  },
  insertions_against_wcpm: {
    label: msg`Count insertions against words correct per minute`,
    on: msg`Each added word is taken off the words correct per minute.`,
    off: msg`Added words do not change the words correct per minute, as in DIBELS 8 and EGRA.`,
    short: [msg`Insertions lower WCPM`, msg`Insertions leave WCPM`],
  },
  reversal_two_errors: {
    label: msg`A reversal is two errors`,
    on: msg`Two words read in swapped order are two errors, one for each word out of place, as in DIBELS 8.`,
    off: msg`Two words read in swapped order are one error.`,
    short: [msg`Reversal: two errors`, msg`Reversal: one error`],
  },
  proper_noun_once: {
    label: msg`A name misread again counts once`,
    on: msg`A name (proper noun) misread several times is one error, as in running records and Fountas & Pinnell.`,
    off: msg`A name misread several times is an error each time, as in DIBELS 8.`,
    short: [msg`Names count once`, msg`Names count each time`],
  },
  one_minute_bracket: {
    label: msg`Words correct per minute from the first minute`,
    on: msg`At one minute the teacher brackets the word the reader reached; words correct per minute count up to it while the reader reads on for accuracy, as in DIBELS 8 and EGRA.`,
    off: msg`Words correct per minute count every word read over the whole reading time.`,
    short: [msg`One-minute bracket`, msg`WCPM over the whole reading`],
  },
  discontinue_first_line: {
    label: msg`Stop when no word of the first line is correct`,
    on: msg`A reader who reads no word of the first line correctly stops there; the sitting records it with no word correct, as in DIBELS 8 and EGRA.`,
    off: msg`The reading goes on whatever happens in the first line.`,
    short: [msg`Discontinue rule`, msg`No discontinue rule`],
  },
  hesitation_cue: {
    label: msg`Tell the word after a 3-second hesitation`,
    on: msg`The capture screen offers a 3-second cue: a word the reader is stuck on for 3 seconds is told and counts as an error, as in DIBELS 8 and EGRA.`,
    off: msg`No hesitation cue: the teacher decides when to tell a word.`,
    short: [msg`3-second hesitation cue`, msg`No hesitation cue`],
  },
  skipped_line_one_error: {
    label: msg`A skipped line is one error`,
    on: msg`A whole line the reader skips counts as one error.`,
    off: msg`Each word of a line the reader skips counts as an error, as in running records, DIBELS 8 and EGRA.`,
    short: [msg`Skipped line: one error`, msg`Skipped line: each word`],
  },
}

/** What the rule does in the position it is in. */
export function ruleExplanation(i18n: I18n, name: RuleName, on: boolean): string {
  return i18n._(on ? RULE_TEXTS[name].on : RULE_TEXTS[name].off)
}

/** What a profile does in a few words per rule, for the list. */
export function summariseRules(i18n: I18n, rules: ScoringRules): string[] {
  return RULE_NAMES.map((name) => i18n._(RULE_TEXTS[name].short[rules[name] ? 0 : 1]))
}

/** What a profile does, one sentence per rule, in the order of the form. */
export function explainRules(i18n: I18n, rules: ScoringRules): string[] {
  return RULE_NAMES.map((name) => ruleExplanation(i18n, name, rules[name]))
}
