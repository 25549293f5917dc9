// The capture screen's account of the device's space (issue 24): the warning before a recorded reading may not fit,
// and which marks on screen the device holds once writes fail.
import { describe, expect, it } from 'vitest'
import { keptOnDevice, RECORDING_BYTES_PER_SECOND, spaceShortage } from './device-space'

const MB = 1024 * 1024

describe('the space a recorded reading needs', () => {
  it('counts the rest of the time limit twice (the recording is copied when saved), with what is recorded so far', () => {
    const reading = { limitSeconds: 180, elapsedMs: 60_000, recordedBytes: 300_000 }
    const needed = 2 * (300_000 + 120 * RECORDING_BYTES_PER_SECOND)
    expect(spaceShortage({ usage: 10 * MB, quota: 10 * MB + needed - 1 }, reading)).toEqual({ freeBytes: needed - 1, neededBytes: needed, minutes: 2 })
    expect(spaceShortage({ usage: 10 * MB, quota: 10 * MB + needed }, reading)).toBeNull()
  })

  it('asks for at least a minute near the limit, five minutes without one, and says nothing without an estimate', () => {
    expect(spaceShortage({ usage: 0, quota: 1 }, { limitSeconds: 60, elapsedMs: 59_000, recordedBytes: 0 })).toMatchObject({ neededBytes: 2 * 60 * RECORDING_BYTES_PER_SECOND, minutes: 1 })
    expect(spaceShortage({ usage: 0, quota: 1 }, { limitSeconds: 0, elapsedMs: 0, recordedBytes: 0 })).toMatchObject({ minutes: 5 })
    expect(spaceShortage(null, { limitSeconds: 60, elapsedMs: 0, recordedBytes: 0 })).toBeNull()
    expect(spaceShortage({ usage: 5, quota: 0 }, { limitSeconds: 60, elapsedMs: 0, recordedBytes: 0 })).toBeNull()
  })
})

describe('what the device holds of the marks on screen', () => {
  const mark = (word_index: number, miscue = 'omission', self_corrected = false) => ({ word_index, miscue, self_corrected })

  it('counts the marks stored as they are, and whether the last word is the stored one', () => {
    const stored = { marks: [mark(1), mark(3), mark(4, 'substitution')], lastWord: null }
    const shown = { marks: [mark(1), mark(3, 'omission', true), mark(5), mark(8)], lastWord: 9 }
    expect(keptOnDevice(stored, shown)).toEqual({ kept: 1, total: 4, lastWordKept: false })
    expect(keptOnDevice(shown, shown)).toEqual({ kept: 4, total: 4, lastWordKept: true })
  })
})
