// How a sitting stands against the device's space (issue 24), as pure functions so the capture screen's warnings
// and its account of what is kept are plain, tested code:
// - before the device is full: whether the space left covers the recording of the rest of the reading, counted
//   twice (saving copies the recording into the outbox's file store before the pieces are removed);
// - once a write has failed: which of the marks on screen are stored on the device and which are only in memory.
import type { CaptureMark, Marking } from '../../components/marking/marking'

/** The recording's rate (32 kbit/s, audio-recorder.ts) with room for IndexedDB's own overhead, in bytes a second. */
export const RECORDING_BYTES_PER_SECOND = 6_000
/** A reading without a time limit is counted as this long. */
export const OPEN_READING_SECONDS = 5 * 60

export type SpaceShortage = { freeBytes: number; neededBytes: number; minutes: number }

/**
 * The space a recorded reading still needs (the rest of the time limit, or OPEN_READING_SECONDS, at least a minute)
 * and whether the device has it; null when it does, or when the browser says nothing about its space.
 */
export function spaceShortage(estimate: { usage: number; quota: number } | null, reading: { limitSeconds: number; elapsedMs: number; recordedBytes: number }): SpaceShortage | null {
  if (!estimate || estimate.quota <= 0) return null
  const total = reading.limitSeconds > 0 ? reading.limitSeconds : OPEN_READING_SECONDS
  const seconds = Math.max(60, total - Math.floor(reading.elapsedMs / 1000))
  const neededBytes = 2 * (reading.recordedBytes + seconds * RECORDING_BYTES_PER_SECOND)
  const freeBytes = Math.max(0, estimate.quota - estimate.usage)
  return freeBytes < neededBytes ? { freeBytes, neededBytes, minutes: Math.ceil(seconds / 60) } : null
}

export type KeptOnDevice = {
  /** Marks on screen that the device holds as they are. */
  kept: number
  /** Marks on screen. */
  total: number
  /** Whether the last word read on screen is the one stored. */
  lastWordKept: boolean
}

const same = (a: CaptureMark, b: CaptureMark) => a.word_index === b.word_index && a.miscue === b.miscue && a.self_corrected === b.self_corrected

/** What of the marking on screen the device holds, from the marking last stored. */
export function keptOnDevice(stored: Marking, shown: Marking): KeptOnDevice {
  return {
    kept: shown.marks.filter((m) => stored.marks.some((s) => same(s, m))).length,
    total: shown.marks.length,
    lastWordKept: stored.lastWord === shown.lastWord,
  }
}
