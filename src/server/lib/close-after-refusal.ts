// A refused upload (413, or a 429 answered before its body is read) must reach the client. The server stops reading the body at its limit, so the
// connection cannot carry another request: the answer says `Connection: close`. Closing at once, with the
// rest of the upload still arriving, would make the client's system answer with a reset that can swallow
// the 413 (the client sees a broken pipe instead). So, once the answer is sent, what still arrives is read
// and thrown away — at most LINGER_BYTES or for LINGER_MS, whichever comes first — and then the connection
// is closed (the "lingering close" of Apache and nginx).
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Context } from 'hono'
import { isInsideBatch } from './inside-batch'

export const LINGER_BYTES = 8 * 1024 * 1024
export const LINGER_MS = 2000

export function closeAfterRefusal(c: Context): void {
  c.header('Connection', 'close')
  // Only on a real connection of @hono/node-server (c.env); a write inside a batch shares the batch's.
  const env = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined
  const socket = env?.incoming?.socket
  if (!socket || !env?.outgoing || isInsideBatch(c)) return
  env.outgoing.once('finish', () => {
    // Node has ended our side (Connection: close) and would destroy the socket once that is flushed;
    // this takes that over. Nothing more on this connection is a request, so the HTTP parser lets go too.
    socket.removeListener('finish', socket.destroy)
    socket.removeAllListeners('data')
    let read = 0
    const close = () => socket.destroy()
    const timer = setTimeout(close, LINGER_MS)
    timer.unref()
    socket.once('close', () => clearTimeout(timer))
    socket.on('end', close)
    socket.on('data', (chunk: Buffer) => {
      read += chunk.length
      if (read > LINGER_BYTES) close()
    })
    socket.resume()
  })
}
