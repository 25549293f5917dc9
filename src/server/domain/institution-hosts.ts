// An institution's sub-domain: the names it may not take, and the address users open it on.
import type { Env } from '../env'

/** Names that would clash with the platform's own hosts. */
export const RESERVED_SUBDOMAINS = new Set(['www', 'api', 'app', 'admin', 'mail', 'static', 'assets', 'platform'])

/**
 * The configured public address of the platform, or of an institution when its sub-domain is given. Built
 * from BASE_DOMAIN, PUBLIC_PROTOCOL and PUBLIC_PORT only: a request's Host is the caller's to forge, and a
 * link in a mail must never lead elsewhere (ADR 0114).
 */
export function publicOrigin(env: Pick<Env, 'baseDomain' | 'publicProtocol' | 'publicPort'>, subdomain?: string): string {
  const host = subdomain ? `${subdomain}.${env.baseDomain}` : env.baseDomain
  return `${env.publicProtocol}://${host}${env.publicPort === undefined ? '' : `:${env.publicPort}`}`
}
