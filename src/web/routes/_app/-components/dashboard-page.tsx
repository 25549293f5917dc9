import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { DashboardFigures } from '../../../features/dashboard/components/dashboard-figures'
import { DashboardHome } from '../../../features/dashboard/components/dashboard-home'
import type { DashboardCount } from '../../../features/dashboard/components/dashboard-home'
import { dashboardQuery, dashboardStatisticsQuery } from '../../../features/dashboard/queries'
import { gradeCatalog, sectionCatalog } from '../../../features/school-catalog/catalogs'
import { getLanguage } from '../../../lib/i18n/language'

/** The home: the dashboard route, and the root when no landing URL is configured (spec §2). */
export function DashboardPage() {
  const { profile, schools, schoolId } = useRouteContext({ from: '/_app' })
  const canSee = (key: string) => profile.menu.includes(key) && schoolId !== null
  const grades = useQuery({ ...gradeCatalog.listQuery(schoolId ?? 0, {}), enabled: canSee('grade') })
  const sections = useQuery({ ...sectionCatalog.listQuery(schoolId ?? 0, {}), enabled: canSee('section') })
  const dashboard = useQuery(dashboardQuery())
  const statistics = useQuery(dashboardStatisticsQuery())
  const school = schools.find((s) => s.id === schoolId)
  const counts: DashboardCount[] = []
  if (canSee('grade')) counts.push({ key: 'grade', label: <Trans>Grades</Trans>, to: '/grade', value: grades.data?.count })
  if (canSee('section')) counts.push({ key: 'section', label: <Trans>Sections</Trans>, to: '/section', value: sections.data?.count })
  const schoolName = school ? (getLanguage() === 'ar' && school.arabic_display_name ? school.arabic_display_name : school.display_name) : null
  return (
    <div className="space-y-6">
      <DashboardHome firstName={profile.profile.first_name} schoolName={schoolName} counts={counts} />
      <DashboardFigures dashboard={dashboard.data ?? null} statistics={statistics.data ?? null} />
    </div>
  )
}
