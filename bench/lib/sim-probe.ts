// What Lighthouse's simulation (Lantern) builds a page's LCP from: each request and main-thread task of its
// optimistic and pessimistic graphs, with the start and end the simulation gives it (slow 4G, 4x CPU). The
// LCP is the mean of the two graphs' last ends; a request in these lists is one the LCP waited for.
// bench/web.ts prints it with LIGHTHOUSE_SIM=1.
import { lanternInput, lanternMetric } from './lantern'

type SimNode = {
  type: 'network' | 'cpu'
  request?: { url: string; resourceType: string }
  duration?: number
  getEvaluateScriptURLs?: () => Set<string>
  didPerformLayout?: () => boolean
}
type Estimate = { timeInMs: number; nodeTimings: Map<SimNode, { startTime: number; endTime: number }> }
type LcpResult = { timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate }
type Metrics = { observedFirstContentfulPaint?: number; observedLargestContentfulPaint?: number }

const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '')

function describe(node: SimNode): string {
  if (node.type === 'network') return `${node.request!.resourceType} ${path(node.request!.url)}`
  const scripts = [...(node.getEvaluateScriptURLs?.() ?? [])].map(path).join(' ')
  return `task of ${((node.duration ?? 0) / 1000).toFixed(0)} ms observed${scripts ? ` running ${scripts}` : ''}${node.didPerformLayout?.() ? ', with a layout' : ''}`
}

export async function printSimulatedLcp(artifacts: Record<string, unknown>, settings: unknown, metrics: Metrics | undefined): Promise<void> {
  const { data, context } = lanternInput(artifacts, settings)
  const result = await (await lanternMetric<LcpResult>('largest-contentful-paint')).request(data, context)
  if (metrics) console.log(`   observed (unthrottled) FCP ${metrics.observedFirstContentfulPaint} ms, LCP ${metrics.observedLargestContentfulPaint} ms`)
  for (const [name, estimate] of [['optimistic', result.optimisticEstimate], ['pessimistic', result.pessimisticEstimate]] as const) {
    console.log(`   simulated LCP, ${name} graph: ${estimate.timeInMs.toFixed(0)} ms`)
    const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].endTime - b[1].endTime)
    for (const [node, timing] of rows) console.log(`     ${timing.startTime.toFixed(0).padStart(6)}–${timing.endTime.toFixed(0).padStart(6)} ms ${describe(node)}`)
  }
  console.log(`   simulated LCP: ${result.timing.toFixed(0)} ms`)
}
