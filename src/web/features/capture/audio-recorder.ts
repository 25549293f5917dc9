// Recording a sitting with MediaRecorder (ADR 0090). The recorder hands over a piece every second; each piece is
// written to IndexedDB in order before the next (capture-store.ts appendChunk), so what was recorded survives a
// reload or a tablet going to sleep. Pausing the timer pauses the recorder: one segment per start.

/** Formats in the order tried: Opus in WebM (Chromium, Firefox), then MP4/AAC (Safari on iPads). */
const TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus']

export function recordingSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia)
}

export type RecorderEvents = {
  /** One piece of the recording, in order; the next waits until this one resolves. */
  onChunk: (data: ArrayBuffer, type: string) => Promise<void>
  /** Writing a piece failed (the device is full): the recorder has stopped. */
  onError: (error: unknown) => void
  /** The microphone went away (unplugged, taken by another app): nothing more is recorded. */
  onLost?: () => void
}

export class SegmentRecorder {
  private writes: Promise<void> = Promise.resolve()
  private failed = false
  private constructor(private readonly recorder: MediaRecorder, private readonly stream: MediaStream, private readonly events: RecorderEvents) {
    // A track stopped by `stop` fires no "ended": this is the microphone going away on its own.
    for (const track of stream.getAudioTracks()) track.addEventListener('ended', () => events.onLost?.(), { once: true })
    recorder.ondataavailable = (event) => {
      if (event.data.size === 0 || this.failed) return
      const type = event.data.type || recorder.mimeType
      this.writes = this.writes.then(async () => {
        if (this.failed) return
        try {
          await this.events.onChunk(await event.data.arrayBuffer(), type)
        } catch (error) {
          this.failed = true
          this.stop().catch(() => undefined)
          this.events.onError(error)
        }
      })
    }
  }

  /** Asks for the microphone (the browser prompts once) and starts recording. Throws when refused. */
  static async start(events: RecorderEvents, timesliceMs = 1000): Promise<SegmentRecorder> {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } })
    const mimeType = TYPES.find((t) => MediaRecorder.isTypeSupported(t))
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType, audioBitsPerSecond: 32_000 } : undefined)
    const handle = new SegmentRecorder(recorder, stream, events)
    recorder.start(timesliceMs)
    return handle
  }

  get state(): RecordingState {
    return this.recorder.state
  }

  pause(): void {
    if (this.recorder.state === 'recording') {
      this.recorder.requestData()
      this.recorder.pause()
    }
  }

  resume(): void {
    if (this.recorder.state === 'paused') this.recorder.resume()
  }

  /** Writes what is buffered now (the page is being hidden). */
  flush(): void {
    if (this.recorder.state === 'recording') this.recorder.requestData()
  }

  /** Stops, releases the microphone and resolves once every piece is written. */
  async stop(): Promise<void> {
    if (this.recorder.state !== 'inactive') {
      const stopped = new Promise<void>((resolve) => this.recorder.addEventListener('stop', () => resolve(), { once: true }))
      this.recorder.stop()
      await stopped
    }
    for (const track of this.stream.getTracks()) track.stop()
    await this.writes
  }
}
