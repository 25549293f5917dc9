// A data row as the sheet reader hands it over, and its cells by field.
import type { SheetCell } from './cell-values'
import type { HeaderMap } from './header-map'

export type SheetRow = {
  /** The row number a spreadsheet program shows (the header is usually row 1). */
  row: number
  /** The cells of the row by column position, as the file has them. */
  cells: SheetCell[]
}

/** A row's cells by field (only the columns the header maps). */
export function recordOf(map: HeaderMap, cells: readonly SheetCell[]): Record<string, SheetCell> {
  const record: Record<string, SheetCell> = {}
  map.fields.forEach((field, i) => {
    if (field !== null) record[field] = cells[i] ?? null
  })
  return record
}
