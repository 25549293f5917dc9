/**
 * Academic year names take the form 23-24 or 2023-2024, the second year following the first
 * (see docs/adr/0006-academic-year-format.md).
 */
export function isValidAcademicYearName(value: string): boolean {
  const short = /^(\d{2})-(\d{2})$/.exec(value)
  if (short) return (Number(short[1]) + 1) % 100 === Number(short[2])
  const long = /^(\d{4})-(\d{4})$/.exec(value)
  if (long) return Number(long[1]) + 1 === Number(long[2])
  return false
}
