// Tracks the server's connections so a shutdown can stop accepting new ones, close idle keep-alive
// connections at once, and give requests in flight a bounded time to finish.
import type { Server } from 'node:http'
import type { Socket } from 'node:net'

export type TrackedServer = {
  /** Requests being answered now. */
  busy: () => number
  /** Resolves true when every request finished in time, false when the rest were cut at the limit. */
  close: (timeoutMs: number) => Promise<boolean>
}

export function trackConnections(http: Server): TrackedServer {
  const active = new Map<Socket, number>()
  http.on('connection', (socket: Socket) => {
    active.set(socket, 0)
    socket.on('close', () => active.delete(socket))
  })
  http.on('request', (req, res) => {
    const socket = req.socket
    active.set(socket, (active.get(socket) ?? 0) + 1)
    res.on('finish', () => {
      const left = (active.get(socket) ?? 1) - 1
      active.set(socket, left)
      if (closing && left === 0) socket.end()
    })
  })
  let closing = false
  const busy = () => [...active.values()].reduce((a, b) => a + b, 0)
  return {
    busy,
    close: (timeoutMs) =>
      new Promise<boolean>((resolve) => {
        closing = true
        const timer = setTimeout(() => {
          for (const socket of active.keys()) socket.destroy()
          resolve(false)
        }, timeoutMs)
        timer.unref()
        http.close(() => {
          clearTimeout(timer)
          resolve(true)
        })
        for (const [socket, requests] of active) if (requests === 0) socket.end()
      }),
  }
}
