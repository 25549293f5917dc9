import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import { isApiError, isNetworkError } from './api-error'

/** Messages for a failed call, in the shape the UI shows them (spec §8). */
export function describeError(i18n: I18n, error: unknown): string[] {
  if (isNetworkError(error)) return [i18n._(msg`You are offline or the server cannot be reached. Try again when you are connected.`)]
  if (isApiError(error)) {
    if (error.status === 429) return [...error.errors.slice(0, 1), i18n._(msg`Too many attempts. Wait a moment and try again.`)].filter(Boolean)
    if (error.allMessages.length > 0) return error.allMessages
    if (error.status >= 500) return [i18n._(msg`Something went wrong on the server. Try again later.`)]
  }
  return [i18n._(msg`Something went wrong. Try again.`)]
}
