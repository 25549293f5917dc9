// The caller's address, used by sign-in throttling. Behind a balancer the socket address is the
// balancer's: with TRUST_PROXY=N the address is taken from X-Forwarded-For, skipping the N trusted proxies
// nearest to us (the entries further left could be written by the client itself and are not trusted).
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { AppEnv } from '../context'

export function socketAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown' // not running behind @hono/node-server (tests call app.request directly)
  }
}

export function clientAddress(c: Context<AppEnv>, trustedProxies: number): string {
  const socket = socketAddress(c)
  if (trustedProxies <= 0) return socket
  const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  const chain = [...forwarded, socket]
  return chain[Math.max(0, chain.length - 1 - trustedProxies)] ?? socket
}
