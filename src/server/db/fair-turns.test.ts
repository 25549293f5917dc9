// Statements on the embedded database take turns in arrival order, and what arrived meanwhile (a new
// request read from its connection) gets in between, so no caller waits behind a run of others.
import { createServer, connect, type AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { fifoTurns, takingTurns } from './fair-turns'

describe('fair turns', () => {
  it('lets callers through in the order they asked, and reads what arrived meanwhile before the next', async () => {
    // A request arriving while `a` runs: bytes written to a loopback connection, read by the event loop.
    const order: string[] = []
    let arrived!: Promise<void>
    const server = createServer()
    const accepted = new Promise<void>((resolveAccepted) => server.on('connection', (socket) => {
      arrived = new Promise((resolve) => socket.on('data', () => { order.push('arrived'); resolve() }))
      resolveAccepted()
    }))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1')
    await accepted

    const turn = fifoTurns()
    const a = turn().then(() => {
      order.push('a')
      client.write('next request')
    })
    const b = turn().then(() => order.push('b'))
    const c = turn().then(() => order.push('c'))
    await Promise.all([a, b, c])
    await arrived
    expect(order).toEqual(['a', 'arrived', 'b', 'c'])
    client.destroy()
    server.close()
  })

  it('queues a client’s statements and transactions, and leaves everything else as it is', async () => {
    const calls: string[] = []
    const client = {
      name: 'db',
      query: async (sql: string) => { calls.push(sql); return sql },
      exec: async (sql: string) => { calls.push(sql); return sql },
      transaction: async (fn: () => Promise<string>) => fn(),
      close() { return this.name },
    }
    const gated = takingTurns(client)
    expect(await Promise.all([gated.query('one'), gated.exec('two'), gated.transaction(async () => 'three')])).toEqual(['one', 'two', 'three'])
    expect(calls).toEqual(['one', 'two'])
    expect(gated.close()).toBe('db')
    expect(gated.name).toBe('db')
  })
})
