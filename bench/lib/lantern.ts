// Lighthouse's simulation (Lantern) run on a load's artifacts, as its own audits request it: its computed
// metric artifacts are not part of Lighthouse's typed public API. Used by sim-probe.ts (LIGHTHOUSE_SIM=1)
// and what-if.ts.

/** What a Lantern metric reads of a load: its network log (or a changed copy) and trace, and the settings. */
export function lanternInput(artifacts: Record<string, unknown>, settings: unknown, devtoolsLog: unknown = artifacts.DevtoolsLog) {
  return {
    data: { devtoolsLog, trace: artifacts.Trace, gatherContext: artifacts.GatherContext, settings, simulator: null, URL: artifacts.URL, SourceMaps: artifacts.SourceMaps, HostDPR: artifacts.HostDPR },
    context: { computedCache: new Map(), settings },
  }
}

/** The artifacts `lanternInput` reads, for keeping a load to simulate again later. */
export const LANTERN_ARTIFACTS = ['DevtoolsLog', 'Trace', 'GatherContext', 'URL', 'SourceMaps', 'HostDPR'] as const

/** One of Lighthouse's Lantern metrics (`largest-contentful-paint`, `first-contentful-paint`, `total-blocking-time`, …). */
export async function lanternMetric<Result>(name: string): Promise<{ request: (data: unknown, context: unknown) => Promise<Result> }> {
  const module = `lighthouse/core/computed/metrics/lantern-${name}.js`
  const exports = (await import(module)) as Record<string, { request: (data: unknown, context: unknown) => Promise<Result> }>
  return Object.values(exports)[0]!
}
