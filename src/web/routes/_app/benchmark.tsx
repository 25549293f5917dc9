import { createFileRoute } from '@tanstack/react-router'
import { can } from '../../../shared/permissions'
import { BenchmarkSettingsPage } from '../../features/benchmarks/components/benchmark-settings-page'
import { benchmarkSettingsQuery } from '../../features/benchmarks/queries'
import { preload } from '../../lib/query/load-cached'

export const Route = createFileRoute('/_app/benchmark')({
  loader: ({ context }) => preload(context.queryClient, benchmarkSettingsQuery()),
  component: BenchmarkRoute,
})

function BenchmarkRoute() {
  const { profile } = Route.useRouteContext()
  return <BenchmarkSettingsPage canWrite={can(profile.profile.role, 'benchmark', 'write')} />
}
