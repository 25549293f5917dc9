import { useCallback, useState } from 'react'

export type ServerErrors = { form: string[]; fields: Record<string, string[]> }
const EMPTY: ServerErrors = { form: [], fields: {} }

/**
 * Server messages from the last submit: per field (shown on the field until it is edited) and for
 * the whole form. Messages for fields the form does not have are shown with the form's messages.
 */
export function useServerErrors(fieldNames: readonly string[]) {
  const [errors, setErrors] = useState<ServerErrors>(EMPTY)
  const show = useCallback(
    (general: string[], fields: Record<string, string[]>) => {
      const known: Record<string, string[]> = {}
      const extra: string[] = []
      for (const [name, messages] of Object.entries(fields)) {
        if (fieldNames.includes(name)) known[name] = messages
        else extra.push(...messages)
      }
      setErrors({ form: [...general, ...extra], fields: known })
    },
    [fieldNames],
  )
  const clearField = useCallback((name: string) => {
    setErrors((current) => {
      if (!current.fields[name]) return current
      const { [name]: _removed, ...rest } = current.fields
      return { ...current, fields: rest }
    })
  }, [])
  const reset = useCallback(() => setErrors(EMPTY), [])
  return { errors, show, clearField, reset }
}
