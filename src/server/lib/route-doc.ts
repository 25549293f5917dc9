// A route's description travels with its registration: `describe({...})` is the first middleware of the route,
// and the OpenAPI document is read from the app's routes at startup (ADR 0132).
import type { Context, MiddlewareHandler } from 'hono'
import type * as v from 'valibot'
import type { Lang } from './messages'
import { jsonBody, validate } from './validate'

export type RouteDoc = {
  summary: string
  tag: string
  /** The body the route validates; sent as a form when `form` is set, else as JSON (read it with `bodyOf`). */
  body?: v.GenericSchema
  /** Turns a JSON body into the schema's shape before it is validated (a field older clients send otherwise). */
  prepare?: (body: unknown) => unknown
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

/** What a route with a JSON body gives its handler: `bodyOf(c)` is typed as the schema's output. */
type BodyInput<S> = [S] extends [v.GenericSchema] ? { out: { json: v.InferOutput<S> } } : object

/** The description of the route a request is being answered by, kept while it runs. */
const answering = new WeakMap<Context, RouteDoc>()

/**
 * The route's description, as a middleware that only notes it and passes on, so it sits in the route's own
 * registration; with a `body`, the handler reads the body validated by it through `bodyOf(c)`.
 */
export function describe<S extends v.GenericSchema | undefined = undefined>(doc: RouteDoc & { body?: S }): MiddlewareHandler<any, string, BodyInput<S>> {
  const passOn: MiddlewareHandler = (c, next) => {
    answering.set(c, doc)
    return next()
  }
  return Object.assign(passOn, { [ROUTE_DOC]: doc })
}

/**
 * The request's JSON body validated by the schema its route's `describe` names: a 400 with messages per field
 * and their codes when it does not fit, as `validate` answers. Read in the handler, after the route's access checks.
 */
export async function bodyOf<I extends { out: { json: unknown } }>(c: Context<any, any, I>): Promise<I['out']['json']> {
  const doc = answering.get(c)
  if (!doc?.body) throw new Error('bodyOf: the route describes no body')
  const body = await jsonBody(c)
  return validate(doc.body, doc.prepare ? doc.prepare(body) : body, c.get('lang') as Lang)
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
