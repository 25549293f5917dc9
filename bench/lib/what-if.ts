// What-if runs of Lighthouse's simulation (Lantern) on a saved page load: change a request's size or priority,
// or leave it out, and simulate the LCP again on the same trace, without the browser or the machine's noise
// (ADR 0111 chose its changes this way). bench/web.ts saves loads with LIGHTHOUSE_SAVE=dir; bench/what-if.ts
// reruns them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { LANTERN_ARTIFACTS, lanternInput, lanternMetric } from './lantern'

type LogEvent = { method: string; params: Record<string, unknown> & { requestId?: string } }
type Saved = { artifacts: Record<string, unknown> & { DevtoolsLog: LogEvent[] }; settings: unknown }
type Estimate = { timeInMs: number }

/** What the simulation reads of a load: its network log and trace, and Lighthouse's settings. */
export function saveForWhatIf(dir: string, name: string, artifacts: unknown, settings: unknown): void {
  const kept = Object.fromEntries(LANTERN_ARTIFACTS.map((name) => [name, (artifacts as Record<string, unknown>)[name]]))
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, `${name}.json`), JSON.stringify({ artifacts: kept, settings }))
}

/**
 * One change, as written on the command line: `drop:RE` leaves out the requests whose address matches RE;
 * `size:RE=KIB` makes them KIB on the wire; `priority:RE=High` gives them that priority (VeryHigh, High,
 * Medium, Low, VeryLow).
 */
export function applyChange(log: LogEvent[], change: string): LogEvent[] {
  const match = /^(drop|size|priority):([^=]+)(?:=(.+))?$/.exec(change)
  if (!match) throw new Error(`a change is drop:RE, size:RE=KIB or priority:RE=LEVEL, not ${change}`)
  const [, kind, pattern, value] = match as unknown as [string, string, string, string | undefined]
  const address = new RegExp(pattern)
  const ids = new Set(log.filter((e) => e.method === 'Network.requestWillBeSent' && address.test((e.params.request as { url: string }).url)).map((e) => e.params.requestId))
  if (ids.size === 0) throw new Error(`no request's address matches ${pattern}`)
  if (kind === 'drop') return log.filter((e) => !ids.has(e.params.requestId))
  return log.map((e) => {
    if (!ids.has(e.params.requestId)) return e
    const params = structuredClone(e.params)
    if (kind === 'size' && e.method === 'Network.loadingFinished') params.encodedDataLength = Number(value) * 1024
    if (kind === 'size' && e.method === 'Network.dataReceived') params.encodedDataLength = 0
    if (kind === 'priority' && e.method === 'Network.requestWillBeSent') (params.request as { initialPriority: string }).initialPriority = value!
    if (kind === 'priority' && e.method === 'Network.resourceChangedPriority') params.newPriority = value
    return { ...e, params }
  })
}

type Timing = { startTime: number; endTime: number }
type CpuNode = { type: string; getEvaluateScriptURLs?: () => Set<string>; childEvents?: { name: string; dur: number; args?: { data?: { functionName?: string; url?: string } } }[] }
type Simulated = { timing: number; optimisticEstimate: Estimate & { nodeTimings: Map<CpuNode, Timing> }; pessimisticEstimate: Estimate & { nodeTimings: Map<CpuNode, Timing> } }
/** A main-thread task the simulation made long (50 ms or more), with when it ran and what ran in it. */
export type LongTask = { start: number; end: number; what: string }
export type WhatIf = { lcp: number; optimistic: number; pessimistic: number; fcp: number; tbt: number; longTasks: LongTask[] }

const fileName = (url: string) => url.split('/').pop()!.split('?')[0]

/** The simulated LCP, FCP and TBT of a saved load with the changes made (ms), and the long tasks of the TBT's simulation. */
export async function simulate(file: string, changes: string[]): Promise<WhatIf> {
  const { artifacts, settings } = JSON.parse(readFileSync(file, 'utf8')) as Saved
  const { data, context } = lanternInput(artifacts, settings, changes.reduce(applyChange, artifacts.DevtoolsLog))
  const run = async (name: string) => (await lanternMetric<Simulated>(name)).request(data, context)
  const lcp = await run('largest-contentful-paint')
  const fcp = await run('first-contentful-paint')
  const tbt = await run('total-blocking-time')
  const longTasks = [...tbt.pessimisticEstimate.nodeTimings.entries()]
    .filter(([node, t]) => node.type === 'cpu' && t.endTime - t.startTime >= 50)
    .sort((a, b) => a[1].startTime - b[1].startTime)
    .map(([node, t]) => {
      const scripts = [...(node.getEvaluateScriptURLs?.() ?? [])].map(fileName)
      const inside = (node.childEvents ?? []).filter((e) => e.dur > 2000).slice(0, 4)
        .map((e) => `${e.name}${e.args?.data?.functionName ? `:${e.args.data.functionName}` : ''}${e.args?.data?.url ? `@${fileName(e.args.data.url)}` : ''} ${(e.dur / 1000).toFixed(0)}`)
      return { start: t.startTime, end: t.endTime, what: [...scripts, ...inside].join(' | ') }
    })
  return { lcp: lcp.timing, optimistic: lcp.optimisticEstimate.timeInMs, pessimistic: lcp.pessimisticEstimate.timeInMs, fcp: fcp.timing, tbt: tbt.timing, longTasks }
}
