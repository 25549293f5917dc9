// References to records created offline (ADR 0037). A queued write may name a record that an earlier
// queued create will make: `ref(createItemId)` in its body, `pathRef(createItemId)` in its path. When the
// create is accepted, the outbox stores the server's answer (Dexie `answers`) and, just before sending the
// later write, replaces each placeholder with the field of that answer (`id` by default).

/**
 * A placeholder for a field of the record an earlier queued write creates (or changes). `optional`: left out
 * when the answer has no such field (an edit's version, ADR 0116).
 */
export type OutboxRef = { $ref: string; field?: string; optional?: true }

/** In a body: the id (or `field`) of the record that the queued write `itemId` creates. */
export function ref(itemId: string, field?: string): OutboxRef {
  return field ? { $ref: itemId, field } : { $ref: itemId }
}

/** In an edit's body: the version (`updated_at`) the earlier queued edit `itemId` will have made. */
export function versionRef(itemId: string): OutboxRef {
  return { $ref: itemId, field: 'updated_at', optional: true }
}

/** In a path: the same placeholder as text, for example `/api/class/${pathRef(classItem.id)}/student/`. */
export function pathRef(itemId: string, field = 'id'): string {
  return `{$ref:${itemId}.${field}}`
}

const PATH_REF = /\{\$ref:([^}.]+)\.([^}]+)\}/g

export function isRef(value: unknown): value is OutboxRef {
  return typeof value === 'object' && value !== null && typeof (value as OutboxRef).$ref === 'string' &&
    Object.keys(value).every((k) => k === '$ref' || k === 'field' || k === 'optional')
}

/** Every outbox item id that `path` and `body` refer to. */
export function referencedIds(path: string, body: unknown): string[] {
  const ids = new Set<string>()
  for (const match of path.matchAll(PATH_REF)) ids.add(match[1]!)
  const walk = (value: unknown): void => {
    if (isRef(value)) ids.add(value.$ref)
    else if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  walk(body)
  return [...ids]
}

/** Replaces every placeholder with the field of the referenced answer; `lookup` gives the answer payload. */
export function resolveReferences(
  path: string,
  body: unknown,
  lookup: (itemId: string) => unknown,
): { path: string; body: unknown } {
  const field = (itemId: string, name: string, optional = false): unknown => {
    const payload = lookup(itemId)
    if (payload === undefined) throw new Error(`${itemId} is not answered`)
    const value = payload && typeof payload === 'object' ? (payload as Record<string, unknown>)[name] : undefined
    if (value === undefined && !optional) throw new Error(`The answer of ${itemId} has no ${name}`)
    return value
  }
  const resolve = (value: unknown): unknown => {
    if (isRef(value)) return field(value.$ref, value.field ?? 'id', value.optional)
    if (Array.isArray(value)) return value.map(resolve)
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]))
    }
    return value
  }
  return {
    path: path.replace(PATH_REF, (_all, id: string, name: string) => encodeURIComponent(String(field(id, name)))),
    body: body === undefined ? undefined : resolve(body),
  }
}
