// The few autocannon options and results the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Request = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: string; setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> }
  type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string>; requests?: Request[] }
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number }
  type Result = { requests: Histogram; latency: Histogram; throughput: Histogram; errors: number; timeouts: number; non2xx: number }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
