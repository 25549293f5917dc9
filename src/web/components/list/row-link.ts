/**
 * A list's row-click redirect (spec §2): `{{field}}` placeholders in the configured URL are replaced by the
 * row's values, URL-encoded, e.g. '/institution/{{id}}/license'.
 */
export function fillRowLink(template: string, row: Record<string, unknown>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, field: string) => encodeURIComponent(String(row[field] ?? '')))
}
