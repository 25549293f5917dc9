// The switches of a library or a report template are stored as one comma-separated text (ADR 0021); forms show the known ones as
// on/off switches and keeps any others as text.
import { KNOWN_SWITCHES, switchList } from '../../../shared/schemas/assessment-library'

export type KnownSwitch = (typeof KNOWN_SWITCHES)[number]
export type SwitchValues = Record<KnownSwitch, boolean> & { otherSwitches: string }

export function splitSwitches(text: string): SwitchValues {
  const list = switchList(text ?? '')
  const known = new Set<string>(KNOWN_SWITCHES)
  return {
    enableParentReport: list.includes('enableParentReport'),
    comparative: list.includes('comparative'),
    otherSwitches: list.filter((s) => !known.has(s)).join(', '),
  }
}

export function joinSwitches(values: SwitchValues): string {
  const known = KNOWN_SWITCHES.filter((name) => values[name])
  const knownSet = new Set<string>(KNOWN_SWITCHES)
  const others = switchList(values.otherSwitches).filter((s) => !knownSet.has(s))
  return [...new Set([...known, ...others])].join(', ')
}
