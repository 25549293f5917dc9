// A route's description travels with its registration: `describe({...})` is the first middleware of the route,
// and the OpenAPI document is read from the app's routes at startup (ADR 0132).
import type { MiddlewareHandler } from 'hono'
import type * as v from 'valibot'

export type RouteDoc = {
  summary: string
  tag: string
  /** The body the route validates; sent as a form when `form` is set, else as JSON. */
  body?: v.GenericSchema
  form?: boolean
  /** false for the public calls (no token needed). */
  auth?: boolean
  /** A paged list: it takes ?page= and ?ordering=. */
  list?: boolean
  operationId?: string
  /** An upload call's body limit (a PDF, a sitting's audio, a spreadsheet), applied in place of the app's 1 MB. */
  bodyLimit?: MiddlewareHandler
}

/** A route as the app lists it (`app.routes`): one entry per handler, with the full path. */
export type ServedRoute = { method: string; path: string; handler: unknown }

const ROUTE_DOC = Symbol('route-doc')

type Described = MiddlewareHandler & { [ROUTE_DOC]: RouteDoc }

/** The route's description, as a middleware that only passes on, so it sits in the route's own registration. */
export function describe(doc: RouteDoc): MiddlewareHandler {
  const passOn: MiddlewareHandler = (_c, next) => next()
  return Object.assign(passOn, { [ROUTE_DOC]: doc })
}

/** A route's path as a pattern over request paths: `:id{[0-9]+}` matches its digits, `:id` one segment. */
export function routePattern(prefix: string, path: string): RegExp {
  const source = (prefix + path).replace(/\/$/, '').split(/(:\w+(?:\{[^}]*\})?)/).map((part) =>
    part.startsWith(':') ? `(?:${/\{([^}]*)\}/.exec(part)?.[1] ?? '[^/]+'})` : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${source.join('')}/?$`)
}

/** The description a route's handler carries, if it is the one `describe` made. */
export function routeDocOf(handler: unknown): RouteDoc | undefined {
  return typeof handler === 'function' && ROUTE_DOC in handler ? (handler as Described)[ROUTE_DOC] : undefined
}
