// The host's place in the product, read against the base domain the server wrote into the page
// (meta miscue-base-domain, src/server/web-app.ts), never guessed from the number of labels (ADR 0114).
import { subdomainOf } from '../../../shared/tenant-host'

/** The server's BASE_DOMAIN; `localhost` under the development server, whose pages carry it unchanged. */
export function baseDomain(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="miscue-base-domain"]')?.content || 'localhost'
}

/** The institution sub-domain of the current host, or null on the platform host. */
export function currentSubdomain(hostname: string = location.hostname): string | null {
  return subdomainOf(hostname, baseDomain())
}
