// A recording made in several goes becomes one WAV file the server accepts (RIFF/WAVE magic) and that fits its
// 20 MB limit at the best rate possible.
import { describe, expect, it } from 'vitest'
import { AUDIO_MAX_BYTES, encodeWav, wavRateFor } from './audio-merge'

describe('encodeWav', () => {
  it('writes a mono 16-bit PCM WAV header and clamps the samples', () => {
    const wav = new DataView(encodeWav(new Float32Array([0, 1, -1, 2, -0.5]), 16_000))
    const text = (at: number, n: number) => String.fromCharCode(...new Uint8Array(wav.buffer, at, n))
    expect([text(0, 4), text(8, 4), text(12, 4), text(36, 4)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data'])
    expect(wav.byteLength).toBe(44 + 5 * 2)
    expect(wav.getUint32(4, true)).toBe(36 + 10)
    expect([wav.getUint16(20, true), wav.getUint16(22, true), wav.getUint32(24, true), wav.getUint32(28, true), wav.getUint16(34, true)]).toEqual([1, 1, 16_000, 32_000, 16])
    expect([0, 1, 2, 3, 4].map((i) => wav.getInt16(44 + i * 2, true))).toEqual([0, 32767, -32768, 32767, -16384])
  })
})

describe('wavRateFor', () => {
  it('keeps 16 kHz for every sitting an assessment allows (10:45 at most: 20.6 MB of the 20 MiB)', () => {
    expect(wavRateFor(10 * 60 + 45)).toBe(16_000)
    expect(wavRateFor(11 * 60)).toBe(11_025) // an hour-long sitting without a limit gets less
  })

  it('never goes over the limit while a lower rate still fits, and stops at 8 kHz', () => {
    for (const seconds of [1, 300, 655, 900, 1300]) {
      const rate = wavRateFor(seconds)
      expect(44 + seconds * rate * 2 <= AUDIO_MAX_BYTES || rate === 8_000).toBe(true)
    }
    expect(wavRateFor(3600)).toBe(8_000)
  })
})
