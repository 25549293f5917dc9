// Form-level validation from a shared valibot schema, with the issues named as TanStack Form names its fields.
import * as v from 'valibot'

/** TanStack Form's name of the field an issue belongs to: "entries[0].display_name". */
export function issueField(issue: v.BaseIssue<unknown>): string {
  let name = ''
  for (const item of issue.path ?? []) {
    const key = (item as { key: unknown }).key
    name += typeof key === 'number' ? `[${key}]` : `${name ? '.' : ''}${String(key)}`
  }
  return name
}

/** Runs a schema on values shaped for the form and returns its issues per field, or undefined when valid. */
export function fieldIssues<T>(schema: v.GenericSchema<T, unknown>, value: T, rename: Record<string, string> = {}) {
  const result = v.safeParse(schema, value)
  if (result.success) return undefined
  const fields: Record<string, v.BaseIssue<unknown>[]> = {}
  for (const issue of result.issues) {
    const name = issueField(issue)
    ;(fields[rename[name] ?? name] ??= []).push(issue)
  }
  return { fields }
}
