export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The name of the rows-to-fix file: the original name with "-to-fix" (always .xlsx). */
export function fixFileName(original: string): string {
  return `${original.replace(/\.xlsx?$/i, '')}-to-fix.xlsx`
}
