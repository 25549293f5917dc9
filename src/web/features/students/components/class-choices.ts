// The classes a student can be put in: the school's classes, and classes created on this device that are
// still waiting to sync (marked pending), chosen by their outbox reference.
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { SelectOption } from '../../../components/form/select-field'
import { usePendingCreatesOf } from '../../../lib/sync/entity-writes'
import { isRef, ref } from '../../../lib/sync/references'
import type { OutboxRef } from '../../../lib/sync/references'
import { CLASS_ENTITY } from '../mutations'
import { classOptionsQuery } from '../queries'

const REF_PREFIX = 'ref:'

/** A select option's value for a class id or a pending class. */
export function classChoiceValue(value: unknown): string {
  if (isRef(value)) return `${REF_PREFIX}${value.$ref}`
  return value === null || value === undefined ? '' : String(value)
}

/** The field value of a chosen option: a class id, a pending class's reference, or null. */
export function parseClassChoice(value: string): number | OutboxRef | null {
  if (value.startsWith(REF_PREFIX)) return ref(value.slice(REF_PREFIX.length))
  return value === '' ? null : Number(value)
}

export function useClassChoices(schoolId: number, yearId: number) {
  const { t } = useLingui()
  const classes = useQuery(classOptionsQuery(schoolId))
  const pending = usePendingCreatesOf(CLASS_ENTITY, { schoolId, yearId })
  const options = useMemo<SelectOption[]>(() => [
    ...(classes.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    ...pending.map((p) => {
      const name = p.label
      return { value: classChoiceValue(p.ref), label: t`${name} (pending sync)` }
    }),
  ], [classes.data, pending, t])
  /** The class's name, for a class id or a pending class. */
  const nameOf = useCallback((value: unknown): string => {
    if (isRef(value)) return pending.find((p) => p.ref.$ref === value.$ref)?.label ?? ''
    return classes.data?.find((c) => c.id === value)?.name ?? ''
  }, [classes.data, pending])
  return { query: classes, options, nameOf }
}
