// The capture session of one screen (capture-session.ts), with its problems told as toasts and the page being
// hidden (a tablet going to sleep) and shown again passed on: the clock runs on and the time hidden is kept.
import { useLingui } from '@lingui/react/macro'
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { MiscueDb } from '../../lib/db/db'
import { showToast } from '../../lib/notify/toasts'
import type { OutboxApi as Outbox } from '../../lib/sync/deferred-outbox'
import type { CaptureRecord } from './capture-record'
import { CaptureSession } from './capture-session'
import type { SessionProblem } from './capture-session'

export function useCaptureSession(db: MiscueDb, outbox: Outbox, initial: CaptureRecord) {
  const { i18n, t } = useLingui()
  const [session] = useState(() => new CaptureSession(db, outbox, initial, i18n, (problem: SessionProblem) => {
    if (problem === 'store-failed') showToast('error', t`The device is full: changes can no longer be stored on it. The sitting stays open on this screen.`)
    if (problem === 'device-full') showToast('error', t`The device is full: recording stopped.`)
    if (problem === 'microphone-refused') showToast('warning', t`The microphone could not be used: the sitting continues without audio.`)
    if (problem === 'microphone-lost') showToast('warning', t`The microphone was lost: the clock runs on and the sitting keeps where the recording stopped.`)
  }))
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') session.hidden()
      else session.shown()
    }
    const onHide = () => session.hidden()
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('pagehide', onHide)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('pagehide', onHide)
      session.dispose()
    }
  }, [session])
  const snapshot = useSyncExternalStore(session.subscribe, session.snapshot)
  return { session, ...snapshot }
}
