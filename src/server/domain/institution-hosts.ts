// An institution's sub-domain: the names it may not take, and its host as users open it.

/** Names that would clash with the platform's own hosts. */
export const RESERVED_SUBDOMAINS = new Set(['www', 'api', 'app', 'admin', 'mail', 'static', 'assets', 'platform'])

/** The institution's host as the user will open it, keeping the port of the current request. */
export function institutionHostName(baseDomain: string, subdomain: string, requestHost: string): string {
  const port = /:(\d+)$/.exec(requestHost)?.[1]
  return `${subdomain}.${baseDomain}${port ? `:${port}` : ''}`
}
