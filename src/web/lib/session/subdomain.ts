/**
 * The institution sub-domain of the current host, or null on the platform host.
 * The base is `localhost` in development (sample.localhost) and the last two labels elsewhere
 * (sample.miscue.example → base miscue.example).
 */
export function currentSubdomain(hostname: string = location.hostname): string | null {
  if (/^[\d.]+$/.test(hostname) || hostname.startsWith('[')) return null
  const labels = hostname.split('.')
  const baseLength = labels.at(-1) === 'localhost' ? 1 : 2
  return labels.length > baseLength ? (labels[0] ?? null) : null
}
