// Which host is the platform's and which an institution's, decided by the configured base domain alone (the
// server's BASE_DOMAIN; the web app reads it from its page), never by counting a host's labels (ADR 0114).

/** The institution sub-domain a host names (`{sub}.BASE_DOMAIN`, port allowed), or null for the platform. */
export function subdomainOf(host: string | undefined, baseDomain: string): string | null {
  const name = (host ?? '').toLowerCase().replace(/:\d+$/, '')
  const suffix = `.${baseDomain}`
  if (!name.endsWith(suffix)) return null
  const sub = name.slice(0, -suffix.length)
  return sub && !sub.includes('.') ? sub : null
}

/**
 * The Domain of a cookie the platform and its institutions share (the institution_url the platform host
 * reads): the base domain, so no other site under the same parent (`*.example.org` beside
 * `miscue.example.org`) receives it. Null (a cookie for this host alone) where browsers refuse a Domain (a
 * one-label base such as `localhost`, an IP address) and on a host outside the base domain.
 */
export function productCookieDomain(hostname: string, baseDomain: string): string | null {
  const name = hostname.toLowerCase()
  if (!baseDomain.includes('.') || /^[\d.]+$/.test(baseDomain)) return null
  return name === baseDomain || name.endsWith(`.${baseDomain}`) ? baseDomain : null
}
