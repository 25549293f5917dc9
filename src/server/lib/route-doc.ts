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
}

const ROUTE_DOC = Symbol('route-doc')

type Described = MiddlewareHandler & { [ROUTE_DOC]: RouteDoc }

/** The route's description, as a middleware that only passes on, so it sits in the route's own registration. */
export function describe(doc: RouteDoc): MiddlewareHandler {
  const passOn: MiddlewareHandler = (_c, next) => next()
  return Object.assign(passOn, { [ROUTE_DOC]: doc })
}

/** The description a route's handler carries, if it is the one `describe` made. */
export function routeDocOf(handler: unknown): RouteDoc | undefined {
  return typeof handler === 'function' && ROUTE_DOC in handler ? (handler as Described)[ROUTE_DOC] : undefined
}
