// One file from a recording made in several goes (ADR 0090). A recorder started again after a reload writes a
// new WebM/MP4 file, and two such files put end to end do not play as one. So the segments are decoded, joined
// and written as one mono 16-bit WAV, at the highest of a few speech rates that keeps it under the server's
// limit. A recording made in one go is sent as it is (WebM/Opus is about ten times smaller).

/** The server's largest audio (sittings.service.ts AUDIO_MAX_BYTES). */
export const AUDIO_MAX_BYTES = 20 * 1024 * 1024

const RATES = [16_000, 11_025, 8_000] as const

/** The highest speech rate at which `seconds` of mono 16-bit audio fit in `maxBytes` (8 kHz at the least). */
export function wavRateFor(seconds: number, maxBytes = AUDIO_MAX_BYTES): number {
  return RATES.find((rate) => 44 + Math.ceil(seconds * rate) * 2 <= maxBytes) ?? RATES.at(-1)!
}

/** Mono 16-bit PCM WAV of samples in [-1, 1]. */
export function encodeWav(samples: Float32Array, sampleRate: number): ArrayBuffer {
  const buffer = new ArrayBuffer(44 + samples.length * 2)
  const view = new DataView(buffer)
  const text = (offset: number, s: string) => { for (let i = 0; i < s.length; i++) view.setUint8(offset + i, s.charCodeAt(i)) }
  text(0, 'RIFF')
  view.setUint32(4, 36 + samples.length * 2, true)
  text(8, 'WAVE')
  text(12, 'fmt ')
  view.setUint32(16, 16, true) // fmt chunk size
  view.setUint16(20, 1, true) // PCM
  view.setUint16(22, 1, true) // mono
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * 2, true) // bytes per second
  view.setUint16(32, 2, true) // block align
  view.setUint16(34, 16, true) // bits per sample
  text(36, 'data')
  view.setUint32(40, samples.length * 2, true)
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!))
    view.setInt16(44 + i * 2, s < 0 ? s * 0x8000 : s * 0x7fff, true)
  }
  return buffer
}

/** The segments as one playable file: the only one as it is, or several joined into one WAV. */
export async function joinSegments(segments: readonly Blob[]): Promise<Blob> {
  if (segments.length === 1) return segments[0]!
  const decoder = new OfflineAudioContext(1, 1, 16_000)
  const buffers = await Promise.all(segments.map(async (s) => decoder.decodeAudioData(await s.arrayBuffer())))
  const seconds = buffers.reduce((sum, b) => sum + b.duration, 0)
  const rate = wavRateFor(seconds)
  // One render joins the segments, mixes them down to mono and resamples them.
  const context = new OfflineAudioContext(1, Math.max(1, Math.ceil(seconds * rate)), rate)
  let at = 0
  for (const buffer of buffers) {
    const source = context.createBufferSource()
    source.buffer = buffer
    source.connect(context.destination)
    source.start(at)
    at += buffer.duration
  }
  const rendered = await context.startRendering()
  return new Blob([encodeWav(rendered.getChannelData(0), rate)], { type: 'audio/wav' })
}
