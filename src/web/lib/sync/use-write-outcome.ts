// What the user is told after a write, in one place for every form and list (ADR 0040):
//   accepted              → a success toast with the screen's own wording
//   queued                → an info toast: kept on this device, sent when the connection is back
//   rejected (a form)     → field messages on their fields; every other message in the page banner, scrolled
//                           to the top (spec §8); the queued copy is dropped because the form still holds
//                           what was typed
//   conflict (409)        → kept in the outbox and handed to the form, which opens the side-by-side view
//   delete refused        → "Delete failed! Something went wrong." with the server's reason; the refused
//                           item is dropped (nothing to retry). Refused because reading records refer to it
//                           (code has_sittings): nothing went wrong, the records are kept on purpose (ADR 0112)
//   delete not answered   → a different text: it is still queued and retried automatically
//   not stored            → the device could not keep the write (full): said where a refusal would be, and the
//                           form stays open with what was typed (nothing was queued)
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { useCallback, useMemo, useState } from 'react'
import type { OutboxItem } from '../db/db'
import { clearBanner, showBanner } from '../notify/banner'
import { showToast } from '../notify/toasts'
import { HAS_SITTINGS } from '../../../shared/api'
import { isConflict } from './replay-policy'
import type { EnqueueResult } from './outbox'
import { useOutbox } from './outbox-context'

export type SaveOutcome = 'accepted' | 'queued' | 'rejected' | 'conflict' | 'not-stored'

type Options = {
  /** The form's field names: server messages for these stay on the fields. */
  fields?: readonly string[]
  /**
   * Where messages that belong to no field go: the page banner (default) or `inline`, returned as
   * `formErrors` for a form shown in a dialog, where the page banner is hidden behind it.
   */
  generalErrors?: 'banner' | 'inline'
  /** Server field names the form shows under another name (for example `switches` → `otherSwitches`). */
  aliases?: Readonly<Record<string, string>>
}

const NO_FIELDS: readonly string[] = []

/** What the user is told when the device could not keep a write. */
export function notStoredMessage(i18n: I18n): string {
  return i18n._(msg`This change could not be stored on this device, so it is not saved. The device may be full: free some space, then save again. What you entered is still here.`)
}
const NONE: Record<string, string[]> = {}

/** Splits a refusal into the messages of known fields and all the others (general ones first). */
export function splitRejection(
  rejection: OutboxItem['rejection'], fields: readonly string[], aliases: Readonly<Record<string, string>> = {},
): { fields: Record<string, string[]>; general: string[] } {
  const known: Record<string, string[]> = {}
  const general = [...(rejection?.errors ?? [])]
  for (const [serverName, messages] of Object.entries(rejection?.fieldErrors ?? {})) {
    const name = aliases[serverName] ?? serverName
    if (fields.includes(name)) known[name] = messages
    else general.push(...messages)
  }
  return { fields: known, general: [...new Set(general)] }
}

export function useWriteOutcome({ fields = NO_FIELDS, generalErrors = 'banner', aliases }: Options = {}) {
  const { i18n } = useLingui()
  const outbox = useOutbox()
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>(NONE)
  const [formErrors, setFormErrors] = useState<string[]>([])
  const [conflict, setConflict] = useState<OutboxItem | null>(null)

  const reset = useCallback(() => {
    setFieldErrors(NONE)
    setFormErrors([])
    if (generalErrors === 'banner') clearBanner()
  }, [generalErrors])

  const clearField = useCallback((name: string) => {
    setFieldErrors((current) => {
      if (!current[name]) return current
      const { [name]: _removed, ...rest } = current
      return rest
    })
  }, [])

  /** Shows the server's messages: known fields on their fields, the rest in the banner (or inline). */
  const showRejection = useCallback((rejection: OutboxItem['rejection'], lead: readonly string[] = [], renameField?: (name: string) => string) => {
    const fieldErrors = Object.fromEntries(Object.entries(rejection?.fieldErrors ?? {}).map(([name, messages]) => [renameField ? renameField(name) : name, messages]))
    const split = splitRejection(rejection && { ...rejection, fieldErrors }, fields, aliases)
    setFieldErrors(split.fields)
    const general = split.general.length > 0 || Object.keys(split.fields).length > 0
      ? [...lead, ...split.general]
      : [...lead, i18n._(msg`The server refused the change. Check the values and try again.`)]
    if (generalErrors === 'inline') setFormErrors(general)
    else if (general.length > 0) showBanner('error', general)
  }, [fields, generalErrors, aliases, i18n])

  /**
   * For a save made of several writes: when this one was refused, shows why (or opens the conflict) and
   * resolves true; the caller stops there. `lead` comes before the server's messages; `renameField` maps
   * the server's field names onto the form's (for example a nested record's fields).
   */
  const refused = useCallback(async (
    result: EnqueueResult, { lead, renameField }: { lead?: readonly string[]; renameField?: (name: string) => string } = {},
  ): Promise<boolean> => {
    if (result.state === 'not-stored') {
      const general = [...(lead ?? []), notStoredMessage(i18n)]
      if (generalErrors === 'inline') setFormErrors(general)
      else showBanner('error', general)
      return true
    }
    if (result.state !== 'rejected') return false
    if (isConflict(result.item)) {
      setConflict(result.item)
      return true
    }
    await outbox.discard(result.item.id)
    showRejection(result.item.rejection, lead, renameField)
    return true
  }, [outbox, showRejection, generalErrors, i18n])

  /**
   * Tells the user what happened to a save and returns it. `name` names the record in the queued toast;
   * `accepted` is the screen's success text, `queued` replaces the default text of a write kept for later.
   */
  const saved = useCallback(async (
    result: EnqueueResult, { name, accepted, queued }: { name: string; accepted: string; queued?: string },
  ): Promise<SaveOutcome> => {
    // A conflict is kept in the outbox until the user chooses: their values are never dropped silently.
    // Any other refusal: the form still holds what was typed, so the queued copy goes and the messages show.
    if (await refused(result)) return result.state === 'not-stored' ? 'not-stored' : isConflict(result.item) ? 'conflict' : 'rejected'
    if (result.state === 'accepted') showToast('success', accepted)
    else showToast('info', queued ?? i18n._(msg`Saved on this device. “${name}” will sync when the connection is back.`))
    return result.state
  }, [refused, i18n])

  /** Tells the user what happened to a delete from a list; `accepted` is the screen's success text. */
  const deleted = useCallback(async (result: EnqueueResult, { name, accepted }: { name: string; accepted: string }): Promise<SaveOutcome> => {
    if (result.state === 'accepted') {
      showToast('success', accepted)
      return 'accepted'
    }
    if (result.state === 'not-stored') {
      showToast('error', notStoredMessage(i18n))
      return 'not-stored'
    }
    if (result.state === 'rejected') {
      // A refusal is final: nothing will retry it, so the item leaves the outbox and the reason is shown.
      await outbox.discard(result.item.id)
      const reason = splitRejection(result.item.rejection, NO_FIELDS).general
      const lead = result.item.rejection?.codes?._ === HAS_SITTINGS
        ? i18n._(msg`Not deleted: reading records are kept.`)
        : i18n._(msg`Delete failed! Something went wrong.`)
      showToast('error', [lead, ...reason].join(' '))
      return 'rejected'
    }
    if (navigator.onLine) {
      showToast('warning', i18n._(msg`“${name}” is not deleted yet: the server did not answer. It will be retried automatically.`))
    } else {
      showToast('info', i18n._(msg`You are offline. “${name}” will be deleted when you reconnect.`))
    }
    return 'queued'
  }, [outbox, i18n])

  return useMemo(() => ({
    /** Server messages per form field, until the field is edited. */
    fieldErrors,
    /** Messages that belong to no field when `generalErrors` is `inline`. */
    formErrors,
    clearField,
    reset,
    saved,
    refused,
    deleted,
    /** The refused edit waiting for the user's choice in the conflict view, if any. */
    conflict,
    closeConflict: () => setConflict(null),
  }), [fieldErrors, formErrors, clearField, reset, saved, refused, deleted, conflict])
}
