// Which context selectors the top bar shows (spec §2 "Selectors", §6): the server's access flags decide,
// not the number of schools alone (docs/adr/0060-shell-landing-selectors-institution-cookie.md).
import type { Access } from '../../../shared/schemas/auth'

export type SelectorVisibility = { school: boolean; year: boolean }

export function selectorVisibility(
  access: Pick<Access, 'has_access_to_multiple_tenant' | 'has_school_selection' | 'has_year_selection'>,
  context: { schools: number; years: number; onInstitutionHost: boolean },
): SelectorVisibility {
  // With multi-tenant access the selectors belong to an institution's host only.
  const here = !access.has_access_to_multiple_tenant || context.onInstitutionHost
  return {
    // A selector with one school would offer no choice ("only if more than one school").
    school: here && access.has_school_selection && context.schools > 1,
    // "Shown only if years exist".
    year: here && access.has_year_selection && context.years > 0,
  }
}
