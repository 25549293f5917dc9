// Marking a passage word by word (ADR 0090), as pure functions over the marks so every rule is unit-tested:
// - a word carries at most one error (picking another error type replaces it; picking the same one clears it);
//   types that are not errors (repetition, hesitation) are toggled beside it;
// - the self-correction pen flips `self_corrected` on the word's error, or marks a self-correction on a word
//   without one; a told word stays told (the teacher supplied it: it can never be self-corrected);
// - an insertion belongs to the gap before a word and is stored on that word; tapping the gap again counts one more
//   inserted word (each is an error), up to INSERTION_MAX_WORDS, then clears it;
// - the last word reached ends the running words: marks after it are kept (the teacher may move it back) but
//   neither scored nor sent;
// - a skipped line is one gesture: every word of the line omitted (ADR 0120), or all of it back again;
// - a word told after the hesitation cue is told, with its hesitation kept;
// - an error or self-correction can carry what the child said, the cue categories it was coded with, whether the word
//   is a name and the letter a short-vowel mark is on (ADR 0121); replacing the word's error drops them;
// - every change is a new state in a history, so undo and redo walk it.
import { INSERTION, SELF_CORRECTION, TOLD } from '../../../shared/reports/miscue-types'
import type { SittingMark, SittingMarkInput } from '../../../shared/schemas/sitting'

/** The type a skipped line's words are marked with. */
export const OMISSION = 'omission'

/** What a mark tells beyond its type (ADR 0121): all optional, absent on marks not described. */
export type MarkDetails = { said?: string; cues?: string[]; proper_noun?: boolean; letter_index?: number }

/**
 * `words`: how many words an insertion holds (1 when absent). `hesitated`: told after the hesitation cue.
 * `skipped_line`: one of the words of a line skipped in one gesture.
 */
export type CaptureMark = { word_index: number; miscue: string; self_corrected: boolean; words?: number; hesitated?: boolean; skipped_line?: boolean } & MarkDetails
export type Marking = { marks: readonly CaptureMark[]; lastWord: number | null }
export type PenType = { code: string; counts_as_error: boolean }

export const EMPTY_MARKING: Marking = { marks: [], lastWord: null }

const byPosition = (a: CaptureMark, b: CaptureMark) => a.word_index - b.word_index || a.miscue.localeCompare(b.miscue)
const sorted = (marks: CaptureMark[]): CaptureMark[] => marks.sort(byPosition)

/** The marks on one word (its insertion included). */
export function marksOn(marking: Marking, word: number): CaptureMark[] {
  return marking.marks.filter((m) => m.word_index === word)
}

/** The word's error mark (an insertion is the gap's, not the word's), if any. */
export function wordError(marking: Marking, word: number, isError: (code: string) => boolean): CaptureMark | undefined {
  return marking.marks.find((m) => m.word_index === word && m.miscue !== INSERTION && isError(m.miscue))
}

function toggle(marking: Marking, word: number, code: string): Marking {
  const has = marking.marks.some((m) => m.word_index === word && m.miscue === code)
  const marks = has
    ? marking.marks.filter((m) => !(m.word_index === word && m.miscue === code))
    : sorted([...marking.marks, { word_index: word, miscue: code, self_corrected: false }])
  return { ...marking, marks }
}

/** Most words one tap-by-tap insertion counts before the next tap clears it. */
export const INSERTION_MAX_WORDS = 5

/** An insertion before `word` (the gap between it and the word before it): one word, one more, or off again. */
export function stepInsertion(marking: Marking, word: number): Marking {
  const current = marking.marks.find((m) => m.word_index === word && m.miscue === INSERTION)
  if (!current) return toggle(marking, word, INSERTION)
  const words = (current.words ?? 1) + 1
  if (words > INSERTION_MAX_WORDS) return toggle(marking, word, INSERTION)
  return { ...marking, marks: marking.marks.map((m) => (m === current ? { ...m, words } : m)) }
}

/**
 * On a word with an error: the reader corrected it (or not after all). On any other word: a self-correction mark.
 * A told word is left as it is: a word the teacher supplied is an error the reader did not correct.
 */
export function toggleSelfCorrection(marking: Marking, word: number, isError: (code: string) => boolean): Marking {
  const error = wordError(marking, word, isError)
  if (!error) return toggle(marking, word, SELF_CORRECTION)
  if (error.miscue === TOLD) return marking
  return { ...marking, marks: marking.marks.map((m) => (m === error ? { ...m, self_corrected: !m.self_corrected } : m)) }
}

/** What a tap (or Enter) on a word does with the chosen type. */
export function applyPen(marking: Marking, word: number, pen: PenType, isError: (code: string) => boolean): Marking {
  if (pen.code === SELF_CORRECTION) return toggleSelfCorrection(marking, word, isError)
  if (pen.code === INSERTION) return stepInsertion(marking, word)
  if (!pen.counts_as_error) return toggle(marking, word, pen.code)
  const error = wordError(marking, word, isError)
  if (error?.miscue === pen.code) return toggle(marking, word, pen.code)
  const others = marking.marks.filter((m) => m !== error)
  return { ...marking, marks: sorted([...others, { word_index: word, miscue: pen.code, self_corrected: false }]) }
}

/** The word told after the child hesitated on it (the hesitation cue): its error becomes told, the hesitation kept. */
export function tellAfterHesitation(marking: Marking, word: number, isError: (code: string) => boolean): Marking {
  const error = wordError(marking, word, isError)
  const others = marking.marks.filter((m) => m !== error)
  return { ...marking, marks: sorted([...others, { word_index: word, miscue: TOLD, self_corrected: false, hesitated: true }]) }
}

/**
 * A skipped line in one gesture: each word of the line (`start`, `length` words) is omitted, replacing its error;
 * a line already skipped this way is given back (its omissions removed).
 */
export function skipLine(marking: Marking, start: number, length: number, isError: (code: string) => boolean): Marking {
  const inLine = (i: number) => i >= start && i < start + length
  const skipped = marking.marks.filter((m) => inLine(m.word_index) && m.skipped_line)
  if (skipped.length === length) return { ...marking, marks: marking.marks.filter((m) => !skipped.includes(m)) }
  const kept = marking.marks.filter((m) => !inLine(m.word_index) || (m.miscue !== INSERTION && !isError(m.miscue) && m.miscue !== OMISSION))
  const omitted = Array.from({ length }, (_, i) => ({ word_index: start + i, miscue: OMISSION, self_corrected: false, skipped_line: true }))
  return { ...marking, marks: sorted([...kept, ...omitted]) }
}

/** The line `word` is on (null: the passage keeps no lines there). */
export function lineOf(lines: readonly { start: number; length: number }[], word: number): { start: number; length: number } | null {
  return lines.find((l) => word >= l.start && word < l.start + l.length) ?? null
}

/** Changes what the mark of `miscue` on `word` tells (a detail set to undefined is removed). */
export function describeMark(marking: Marking, word: number, miscue: string, patch: MarkDetails): Marking {
  return {
    ...marking,
    marks: marking.marks.map((m) => {
      if (m.word_index !== word || m.miscue !== miscue) return m
      const next: CaptureMark = { ...m, ...patch }
      for (const key of Object.keys(patch) as (keyof MarkDetails)[]) if (patch[key] === undefined) delete next[key]
      return next
    }),
  }
}

/** Cycles the word's error through `errorCodes` in order, then back to none. */
export function cycleError(marking: Marking, word: number, errorCodes: readonly string[], isError: (code: string) => boolean): Marking {
  const error = wordError(marking, word, isError)
  const next = error ? errorCodes[errorCodes.indexOf(error.miscue) + 1] : errorCodes[0]
  const others = marking.marks.filter((m) => m !== error)
  return { ...marking, marks: next ? sorted([...others, { word_index: word, miscue: next, self_corrected: false }]) : others }
}

/** The last word the reader reached (null: not marked yet). */
export function setLastWord(marking: Marking, word: number | null): Marking {
  return { ...marking, lastWord: word }
}

/** Words reached: up to the last word, or the whole passage while it is not marked. */
export function wordsReached(marking: Marking, passageLength: number): number {
  return marking.lastWord === null ? passageLength : Math.min(passageLength, marking.lastWord + 1)
}

/** A mark as it is sent (recording and correction): what it does not tell is left out. */
export function markInput({ word_index, miscue, self_corrected, words, hesitated, skipped_line, said, cues, proper_noun, letter_index }: CaptureMark): SittingMarkInput {
  return {
    word_index, miscue, self_corrected, ...(words && words > 1 ? { words } : {}), ...(hesitated ? { hesitated } : {}), ...(skipped_line ? { skipped_line } : {}),
    ...(said?.trim() ? { said: said.trim() } : {}), ...(cues?.length ? { cues } : {}), ...(proper_noun ? { proper_noun } : {}),
    ...(letter_index !== undefined ? { letter_index } : {}),
  }
}

/** A stored mark (the sitting report's) to mark on again: its defaults left out, as capture makes them. */
export function markOfSitting({ word_index, miscue, self_corrected, words, hesitated, skipped_line, said, cues, proper_noun, letter_index }: SittingMark): CaptureMark {
  return {
    word_index, miscue, self_corrected, ...(words > 1 ? { words } : {}), ...(hesitated ? { hesitated } : {}), ...(skipped_line ? { skipped_line } : {}),
    ...(said ? { said } : {}), ...(cues.length ? { cues } : {}), ...(proper_noun ? { proper_noun } : {}), ...(letter_index !== null ? { letter_index } : {}),
  }
}

/** The marks that are scored and sent: those on the words reached. */
export function countedMarks(marking: Marking, passageLength: number): CaptureMark[] {
  const reached = wordsReached(marking, passageLength)
  return marking.marks.filter((m) => m.word_index < reached)
}

// ---- Undo and redo ----

export type History = { past: readonly Marking[]; present: Marking; future: readonly Marking[] }

/** How many steps back undo can go (a sitting rarely has more marks than this). */
export const HISTORY_LIMIT = 300

export function startHistory(present: Marking): History {
  return { past: [], present, future: [] }
}

/** A new state; a change that changes nothing is not a step. */
export function commit(history: History, next: Marking): History {
  if (next === history.present || sameMarking(next, history.present)) return history
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: [] }
}

export function undo(history: History): History {
  const previous = history.past.at(-1)
  if (!previous) return history
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] }
}

export function redo(history: History): History {
  const [next, ...rest] = history.future
  if (!next) return history
  return { past: [...history.past, history.present], present: next, future: rest }
}

function sameMarking(a: Marking, b: Marking): boolean {
  return a.lastWord === b.lastWord && a.marks.length === b.marks.length
    && a.marks.every((m, i) => m.word_index === b.marks[i]!.word_index && m.miscue === b.marks[i]!.miscue && m.self_corrected === b.marks[i]!.self_corrected
      && (m.words ?? 1) === (b.marks[i]!.words ?? 1) && Boolean(m.hesitated) === Boolean(b.marks[i]!.hesitated)
      && Boolean(m.skipped_line) === Boolean(b.marks[i]!.skipped_line) && detailsKey(m) === detailsKey(b.marks[i]!))
}

const detailsKey = (m: CaptureMark) => JSON.stringify([m.said ?? '', m.cues ?? [], m.proper_noun ?? false, m.letter_index ?? null])
