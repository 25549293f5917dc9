// OpenAPI operations of schools, academic years, classes and students (institution host), spread into
// OPERATIONS in openapi.ts. The generated bad-input and access suites walk these too.
import type * as v from 'valibot'
import { AcademicYearSchema } from '../../../shared/schemas/academic-year'
import { ClassCopySchema, ClassSchema, TeacherMappingSchema } from '../../../shared/schemas/class'
import { SchoolSchema } from '../../../shared/schemas/school'
import { MigrationFormSchema, MigrationSchema, StudentSchema } from '../../../shared/schemas/student'

type Op = { method: string; path: string; summary: string; tag: string; body?: v.GenericSchema; list?: boolean; auth?: boolean }

const student = '/api/school/{schoolId}/year/{yearId}/student/'

export const SCHOOL_STRUCTURE_OPERATIONS: Op[] = [
  { method: 'get', path: '/api/oauth-client/', summary: 'The public OAuth client id of the web app (payload.client_id)', tag: 'auth', auth: false },
  { method: 'get', path: '/api/all_schools/', summary: 'Every school of the institution (selector options)', tag: 'school' },
  { method: 'get', path: '/api/school/', summary: 'List schools', tag: 'school', list: true },
  { method: 'post', path: '/api/school/', summary: 'Create a school', tag: 'school', body: SchoolSchema },
  { method: 'get', path: '/api/school/download/', summary: 'Schools as a spreadsheet', tag: 'school' },
  { method: 'get', path: '/api/school/{id}/', summary: 'Read a school', tag: 'school' },
  { method: 'put', path: '/api/school/{id}/', summary: 'Update a school', tag: 'school', body: SchoolSchema },
  { method: 'delete', path: '/api/school/{id}/', summary: 'Delete a school', tag: 'school' },
  { method: 'get', path: '/api/work-flow/school/', summary: 'Whether schools may be added', tag: 'school' },
  { method: 'post', path: '/api/academic-year/', summary: 'Create an academic year', tag: 'academic-year', body: AcademicYearSchema },
  { method: 'get', path: '/api/academic-year/download/', summary: 'Academic years as a spreadsheet', tag: 'academic-year' },
  { method: 'get', path: '/api/academic-year/{id}/', summary: 'Read an academic year', tag: 'academic-year' },
  { method: 'put', path: '/api/academic-year/{id}/', summary: 'Update an academic year', tag: 'academic-year', body: AcademicYearSchema },
  { method: 'delete', path: '/api/academic-year/{id}/', summary: 'Delete an academic year', tag: 'academic-year' },
  { method: 'get', path: '/api/work-flow/academic-year/', summary: 'Whether academic years may be added', tag: 'academic-year' },
  { method: 'get', path: '/api/school/{schoolId}/grade/download/', summary: 'Grades as a spreadsheet', tag: 'grade' },
  { method: 'get', path: '/api/school/{schoolId}/section/download/', summary: 'Sections as a spreadsheet', tag: 'section' },
  { method: 'get', path: '/api/subject/', summary: 'Subjects (reference data)', tag: 'class' },
  { method: 'get', path: '/api/school/{schoolId}/all-grades/', summary: 'Grade options of a school', tag: 'class' },
  { method: 'get', path: '/api/school/{schoolId}/all-sections/', summary: 'Section options of a school', tag: 'class' },
  { method: 'get', path: '/api/school/{schoolId}/teacher/', summary: 'Teachers of a school', tag: 'class' },
  { method: 'get', path: '/api/school/{schoolId}/all_classes/', summary: 'Class options of a school', tag: 'class' },
  { method: 'get', path: '/api/school/{schoolId}/class/', summary: 'List classes (?year= for teachers of that year)', tag: 'class', list: true },
  { method: 'post', path: '/api/school/{schoolId}/class/', summary: 'Create a class', tag: 'class', body: ClassSchema },
  { method: 'get', path: '/api/school/{schoolId}/class/download/', summary: 'Classes as a spreadsheet', tag: 'class' },
  { method: 'get', path: '/api/school/{schoolId}/class/{id}/', summary: 'Read a class', tag: 'class' },
  { method: 'put', path: '/api/school/{schoolId}/class/{id}/', summary: 'Update a class', tag: 'class', body: ClassSchema },
  { method: 'delete', path: '/api/school/{schoolId}/class/{id}/', summary: 'Delete a class', tag: 'class' },
  { method: 'get', path: '/api/work-flow/school/{schoolId}/class/', summary: 'Whether classes may be added', tag: 'class' },
  { method: 'get', path: '/api/class/{classId}/year/{yearId}/teacher/', summary: 'Teachers of a class in a year', tag: 'class' },
  { method: 'post', path: '/api/class/{classId}/year/{yearId}/teacher/', summary: 'Set the teachers of a class in a year', tag: 'class', body: TeacherMappingSchema },
  { method: 'post', path: '/api/class/copy/src-school/{src}/dest-school/{dest}/', summary: 'Copy classes from one school to another', tag: 'class', body: ClassCopySchema },
  { method: 'get', path: student, summary: 'List students of a school in a year', tag: 'student', list: true },
  { method: 'post', path: student, summary: 'Create a student in a class for a year', tag: 'student', body: StudentSchema },
  { method: 'get', path: `${student}{id}/`, summary: 'Read a student', tag: 'student' },
  { method: 'put', path: `${student}{id}/`, summary: 'Update a student', tag: 'student', body: StudentSchema },
  { method: 'delete', path: `${student}{id}/`, summary: 'Delete a student', tag: 'student' },
  { method: 'get', path: '/api/school/{schoolId}/class/{classId}/year/{yearId}/student/', summary: 'Students of a class in a year', tag: 'student', list: true },
  { method: 'get', path: '/api/work-flow/school/{schoolId}/student/', summary: 'Whether students may be added', tag: 'student' },
  { method: 'get', path: '/api/student/download/', summary: 'Students of ?school= in ?year= as a spreadsheet', tag: 'student' },
  { method: 'post', path: '/api/student/class/{classId}/year/{yearId}/migrate/', summary: 'Move students of a class to another class and year', tag: 'student', body: MigrationSchema },
  { method: 'post', path: '/api/student/migrate/', summary: 'Move students (form)', tag: 'student', body: MigrationFormSchema },
  { method: 'get', path: '/api/client/download/', summary: 'Institutions as a spreadsheet (platform host)', tag: 'institution' },
  { method: 'get', path: '/api/user/download/', summary: 'Users as a spreadsheet', tag: 'user' },
]
