// What every bench prints with its figures: the machine's cores and load (figures on a shared machine
// are only comparable side by side, in the same run).
import { availableParallelism, cpus, loadavg } from 'node:os'

export function machineLine(): string {
  return `machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown'}), load ${loadavg().map((l) => l.toFixed(2)).join(' ')}, Node ${process.version}`
}

export function loadNow(): string {
  return `load ${loadavg()[0]!.toFixed(2)}`
}
