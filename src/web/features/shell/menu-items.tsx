import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { ComponentType, SVGProps } from 'react'
import type { MenuKey } from '../../../shared/permissions'
import {
  BookIcon, BuildingIcon, CalendarIcon, ChartIcon, ClassIcon, ClipboardIcon, CopyIcon, GridIcon, HomeIcon, LayersIcon,
  MicIcon, MoveIcon, SchoolIcon, SparkIcon, StudentIcon, TemplateIcon, TuneIcon, UploadIcon, UsersIcon,
} from '../../components/ui/icons'

type MenuItem = { label: MessageDescriptor; icon: ComponentType<SVGProps<SVGSVGElement>> }

export const MENU_ITEMS: Record<MenuKey, MenuItem> = {
  dashboard: { label: msg`Dashboard`, icon: HomeIcon },
  report: { label: msg`Reports`, icon: ChartIcon },
  institution: { label: msg`Institutions`, icon: BuildingIcon },
  user: { label: msg`Users`, icon: UsersIcon },
  school: { label: msg`Schools`, icon: SchoolIcon },
  assessment: { label: msg`Assessments`, icon: ClipboardIcon },
  'assessment-library': { label: msg`Assessment library`, icon: BookIcon },
  'report-template': { label: msg`Report templates`, icon: TemplateIcon },
  class: { label: msg`Classes`, icon: ClassIcon },
  student: { label: msg`Students`, icon: StudentIcon },
  grade: { label: msg`Grades`, icon: LayersIcon },
  section: { label: msg`Sections`, icon: GridIcon },
  'academic-year': { label: msg`Academic years`, icon: CalendarIcon },
  'bulk-upload-class': { label: msg`Bulk upload classes`, icon: UploadIcon },
  'bulk-upload-school': { label: msg`Bulk upload schools`, icon: UploadIcon },
  'bulk-upload-teacher': { label: msg`Bulk upload teachers`, icon: UploadIcon },
  'bulk-upload': { label: msg`Bulk upload students`, icon: UploadIcon },
  'class-copy': { label: msg`Class copy`, icon: CopyIcon },
  'migrate-students': { label: msg`Migrate students`, icon: MoveIcon },
  'demo-institution': { label: msg`Create Demo Institution`, icon: SparkIcon },
  capture: { label: msg`Record a sitting`, icon: MicIcon },
  scoring: { label: msg`Miscues and scoring`, icon: TuneIcon },
  benchmark: { label: msg`Benchmarks`, icon: ChartIcon },
}

export function isMenuKey(key: string): key is MenuKey {
  return key in MENU_ITEMS
}

/** Labels for the non-menu path segments shown in breadcrumbs. */
export const SEGMENT_LABELS: Record<string, MessageDescriptor> = {
  add: msg`Add`,
  edit: msg`Edit`,
  'change-password': msg`Change password`,
  license: msg`Licences`,
  'assessment-library-entry': msg`Library entry`,
  'miscue-type': msg`Miscue type`,
  'scoring-profile': msg`Scoring profile`,
  'second-scoring': msg`Second scoring`,
  score: msg`Blind scoring`,
  compare: msg`Comparison`,
  upload: msg`Upload`,
}
