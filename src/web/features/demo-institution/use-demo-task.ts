// Follows one demo copy task: first poll after 3 s, then every 2 s, until SUCCESS or FAILURE, or more than
// five UNKNOWN answers in a row (administration spec §4). Toasts are worded as spec §8 says.
import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import type { DemoStatistics } from '../../../shared/schemas/demo-institution'
import { describeError } from '../../lib/api/error-messages'
import { showToast } from '../../lib/notify/toasts'
import { FIRST_POLL_MS, MAX_UNKNOWN, POLL_EVERY_MS, progressOf } from './demo-progress'
import { fetchDemoStatus } from './queries'

export type DemoTaskView =
  | { phase: 'processing'; percent: number; status: string | null }
  | { phase: 'success'; percent: 100; demoClientId: number; statistics: DemoStatistics; completedAt: Date }
  | { phase: 'failure'; percent: number; error: string }

export function useDemoTask(taskId: string): DemoTaskView {
  const { t, i18n } = useLingui()
  const [view, setView] = useState<DemoTaskView>({ phase: 'processing', percent: 10, status: null })
  const percent = useRef(10)
  const unknownRun = useRef(0)
  const sawProgress = useRef(false)
  const checkFailed = useRef(false)

  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout>
    const controller = new AbortController()
    const poll = async () => {
      try {
        const status = await fetchDemoStatus(taskId, controller.signal)
        if (stopped) return
        checkFailed.current = false
        const next = progressOf(status, percent.current, !sawProgress.current)
        if (status.state === 'PROGRESS') sawProgress.current = true
        percent.current = next.percent
        if (status.state === 'UNKNOWN') {
          unknownRun.current += 1
          if (unknownRun.current > MAX_UNKNOWN) {
            const error = t`Unable to track demo creation progress. The task may still be running. Please check the institution list in a few minutes.`
            showToast('error', error)
            setView({ phase: 'failure', percent: next.percent, error })
            return
          }
        } else {
          unknownRun.current = 0
        }
        if (status.state === 'SUCCESS') {
          showToast('success', t`Demo institution created successfully`)
          setView({ phase: 'success', percent: 100, demoClientId: status.demo_client_id, statistics: status.statistics, completedAt: new Date() })
          return
        }
        if (status.state === 'FAILURE') {
          const error = status.error || t`Unknown error`
          showToast('error', t`Demo institution creation failed: ${error}`)
          setView({ phase: 'failure', percent: 100, error })
          return
        }
        setView({ phase: 'processing', percent: next.percent, status: next.status })
      } catch (error) {
        if (stopped) return
        // One toast per run of failed checks; polling goes on (the connection may come back).
        if (!checkFailed.current) {
          const messages = describeError(i18n, error)
          showToast('error', messages.length ? messages.join(' ') : t`Error checking demo creation status`)
        }
        checkFailed.current = true
      }
      timer = setTimeout(() => void poll(), POLL_EVERY_MS)
    }
    timer = setTimeout(() => void poll(), FIRST_POLL_MS)
    return () => {
      stopped = true
      clearTimeout(timer)
      controller.abort()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taskId])

  return view
}
