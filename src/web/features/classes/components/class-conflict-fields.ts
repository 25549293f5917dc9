// The fields the conflict view compares for a class: the form's values beside the server's current class,
// ids shown by name.
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { SchoolClass } from '../../../../shared/schemas/class'
import type { ConflictField } from '../../../components/form/conflict-dialog'
import type { ClassBody } from '../mutations'
import { gradeOptionsQuery, sectionOptionsQuery, subjectOptionsQuery, teacherOptionsQuery } from '../queries'
import { subjectName } from './subject-name'

export function useClassConflictFields(schoolId: number): ConflictField<ClassBody, SchoolClass>[] {
  const { t, i18n } = useLingui()
  const grades = useQuery(gradeOptionsQuery(schoolId)).data ?? []
  const sections = useQuery(sectionOptionsQuery(schoolId)).data ?? []
  const subjects = (useQuery(subjectOptionsQuery()).data ?? []).map((s) => ({ id: s.id, name: subjectName(s, i18n.locale) }))
  const teachers = useQuery(teacherOptionsQuery(schoolId)).data ?? []
  const names = (options: readonly { id: number; name: string }[]) => (ids: unknown) =>
    (Array.isArray(ids) ? ids : [ids]).filter((id) => id !== null && id !== undefined)
      .map((id) => options.find((o) => o.id === id)?.name ?? `#${String(id)}`).sort().join(', ')
  return [
    { key: 'identifier', label: t`Identifier` },
    { key: 'class_name', label: t`Class name`, theirs: (current) => current.display_name },
    { key: 'grade', label: t`Grade`, mine: (body) => names(grades)(body.grade), theirs: (current) => current.grade_name },
    { key: 'section', label: t`Section`, mine: (body) => names(sections)(body.section), theirs: (current) => current.section_name ?? '' },
    { key: 'subjects', label: t`Subjects`, format: names(subjects) },
    { key: 'teachers', label: t`Teachers`, format: names(teachers) },
  ]
}
