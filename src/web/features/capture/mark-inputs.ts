// Marks between the marking screen and the server: the marks a sitting or a second scoring sends (only what a
// mark carries, absent fields left out), and a saved scoring's marks back as the screen's marking.
import type { SittingMark, SittingMarkInput } from '../../../shared/schemas/sitting'
import type { CaptureMark, Marking } from './marking'

/** The marks as the server takes them: defaults and empty details left out. */
export function markInputs(marks: readonly CaptureMark[]): SittingMarkInput[] {
  return marks.map(({ word_index, miscue, self_corrected, words, hesitated, skipped_line, said, cues, proper_noun, letter_index }) => ({
    word_index, miscue, self_corrected, ...(words && words > 1 ? { words } : {}), ...(hesitated ? { hesitated } : {}), ...(skipped_line ? { skipped_line } : {}),
    ...(said?.trim() ? { said: said.trim() } : {}), ...(cues?.length ? { cues } : {}), ...(proper_noun ? { proper_noun } : {}),
    ...(letter_index !== undefined ? { letter_index } : {}),
  }))
}

/** Saved marks (as the server answers them, or as queued on this device) as a marking to carry on from. */
export function markingOfSaved(marks: readonly (SittingMark | SittingMarkInput)[]): Marking {
  return {
    lastWord: null,
    marks: marks.map((m) => ({
      word_index: m.word_index, miscue: m.miscue, self_corrected: m.self_corrected ?? false,
      ...(m.words && m.words > 1 ? { words: m.words } : {}), ...(m.hesitated ? { hesitated: true } : {}), ...(m.skipped_line ? { skipped_line: true } : {}),
      ...(m.said ? { said: m.said } : {}), ...(m.cues?.length ? { cues: [...m.cues] } : {}), ...(m.proper_noun ? { proper_noun: true } : {}),
      ...(m.letter_index !== null && m.letter_index !== undefined ? { letter_index: m.letter_index } : {}),
    })).sort((a, b) => a.word_index - b.word_index || a.miscue.localeCompare(b.miscue)),
  }
}
