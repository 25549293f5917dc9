// Values an attacker (or a broken client) sends, and a seeded generator of requests built from the
// OpenAPI document: the bad-input suite uses them to prove no input reaches a 500 or leaks internals.

/** A small, fast, seeded PRNG (mulberry32): the same seed gives the same cases on every machine. */
export function seededRandom(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!
  return { next, int, pick }
}
export type Random = ReturnType<typeof seededRandom>

/** Ids and numbers that are not a storable id: beyond int4, floats, exponents, signs, words. */
export const BAD_IDS = [
  '0', '-1', '2147483648', '2147483647', '4294967296', '9007199254740993', '1e308', '1e3', '1.5', '0x10', '+1', ' 1',
  '1%20', 'NaN', 'Infinity', 'null', 'undefined', 'true', '[]', '%00', '1%00', '..%2F..%2Fetc%2Fpasswd', '%2e%2e',
  "1'%20OR%20'1'%3D'1", '1;DROP%20TABLE%20users', '__proto__', 'constructor', 'prototype', '%F0%9F%98%80', '%E2%80%AE1',
  '9'.repeat(400), '%25', '%', '1,2', '١٢', // Arabic-Indic digits
] as const

/** Text that breaks naive code: NUL, control and bidi characters, injection, huge, odd unicode. */
export const BAD_TEXT = [
  '', ' ', '\u0000', 'a\u0000b', '\u0001\u0002\u001f', '\u202e\u202d', '\ud800', '\udfff', '😀'.repeat(50), 'ﷺ', 'é'.normalize('NFD'),
  "' OR '1'='1", "'; DROP TABLE users; --", '" OR ""="', '\\', '%', '_', '%_%', '$where', '{"$gt":""}', '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>', '=HYPERLINK("http://x","y")', '=1+1', '+cmd|" /C calc"!A0', '@SUM(1)', '../../../etc/passwd',
  '${7*7}', '{{7*7}}', '%s%s%s%n', 'a'.repeat(300), 'b'.repeat(5000), 'x'.repeat(70_000), '\n\r\t', 'null', 'undefined', 'NaN',
  '__proto__', 'constructor', 'toString', 'hasOwnProperty', '0', '-0', '1e308', '2147483648', '١٢٣', 'ا'.repeat(400),
] as const

/** Values of every JSON type, including numbers beyond int4 and containers. */
export function badValue(r: Random): unknown {
  switch (r.int(12)) {
    case 0: return null
    case 1: return r.pick([true, false])
    case 2: return r.pick([0, -1, 1.5, 2147483648, -2147483649, 1e308, -1e308, 2 ** 53 + 2, 1e3, 0.1, -0])
    case 3: return []
    case 4: return [r.pick(BAD_TEXT), r.pick([1, 2147483648, null])]
    case 5: return {}
    case 6: return { __proto__: { polluted: 1 } } // a real key in JSON text, see jsonText
    case 7: return { constructor: { prototype: { polluted: 1 } } }
    case 8: return Array.from({ length: 2000 }, (_, i) => i)
    default: return r.pick(BAD_TEXT)
  }
}

/** JSON text that keeps `__proto__` as an own key (JSON.stringify of an object literal would drop it). */
export function jsonText(value: unknown): string {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value)
    const proto = Object.getPrototypeOf(value)
    if (proto && proto !== Object.prototype && Object.keys(proto).length > 0) {
      entries.unshift(['__proto__', { ...proto }])
    }
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`
  }
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`
  return JSON.stringify(value) ?? 'null'
}

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; enum?: unknown[]; anyOf?: JsonSchema[]; items?: JsonSchema; minLength?: number; maxLength?: number; format?: string }

/** A plausible value for a JSON schema: the starting point that one hostile field is then put into. */
export function sampleFor(schema: JsonSchema | undefined, r: Random, ids: readonly number[]): unknown {
  if (!schema) return 'x'
  if (schema.enum?.length) return r.pick(schema.enum)
  if (schema.anyOf?.length) return sampleFor(r.pick(schema.anyOf), r, ids)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [k, s] of Object.entries(schema.properties ?? {})) out[k] = sampleFor(s, r, ids)
      return out
    }
    case 'array': return [sampleFor(schema.items, r, ids)]
    case 'integer': case 'number': return r.pick(ids)
    case 'boolean': return r.next() < 0.5
    case 'string':
      if (schema.format === 'email') return `fuzz${r.int(1e6)}@example.test`
      if (schema.format === 'date') return '2025-01-01'
      return 'Fuzz Name'
    default: return 'x'
  }
}

/**
 * The same address with some letters and digits of its path percent-encoded (`/api/%73chool/1%32/`), hex in
 * either case; at least one is. The router decodes them, so the call must answer exactly as the plain one:
 * no check may look at the undecoded path.
 */
export function percentEncoded(url: string, r: Random): string {
  const q = url.indexOf('?')
  const path = q < 0 ? url : url.slice(0, q)
  const spots = [...path.matchAll(/[A-Za-z0-9]/g)].map((m) => m.index!).filter((i) => i > 4) // keep "/api/" as typed
  const chosen = new Set(spots.filter(() => r.next() < 0.3))
  if (spots.length > 0) chosen.add(r.pick(spots))
  let out = ''
  for (let i = 0; i < path.length; i++) {
    if (!chosen.has(i)) {
      out += path[i]
      continue
    }
    const hex = path.charCodeAt(i).toString(16).padStart(2, '0')
    out += `%${r.next() < 0.5 ? hex : hex.toUpperCase()}`
  }
  return out + (q < 0 ? '' : url.slice(q))
}
