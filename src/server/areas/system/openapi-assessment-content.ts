// OpenAPI operations of the assessment-content area (assessments, libraries, entries, report templates),
// spread into OPERATIONS in openapi.ts. Multipart calls are described in their summary.
import type * as v from 'valibot'
import { AssessmentClientsSchema, AssessmentSchema } from '../../../shared/schemas/assessment'
import { AssessmentLibraryEntryCreateSchema, AssessmentLibraryEntrySchema, AssessmentLibrarySchema } from '../../../shared/schemas/assessment-library'
import { ReportTemplateSchema } from '../../../shared/schemas/report-template'

type Op = { method: string; path: string; summary: string; tag: string; body?: v.GenericSchema; list?: boolean }

export const ASSESSMENT_CONTENT_OPERATIONS: Op[] = [
  { method: 'get', path: '/api/assessment-dependency/', summary: 'Selectors of the assessment form: payload.results {subjects (directions_code), skills, assessment_types (assessment_type_parent, content_type ids), content_display_types, levels}', tag: 'assessment' },
  { method: 'get', path: '/api/assessment_type/{typeId}/assessment/', summary: 'Assessments of a type (the parent list)', tag: 'assessment' },
  { method: 'get', path: '/api/assessment/', summary: 'List assessments (platform admins: all; others: those of their institution). Search title, language_title, level_names', tag: 'assessment', list: true },
  { method: 'post', path: '/api/assessment/', summary: 'Create an assessment (platform admin). JSON (pdf as a data URL) or multipart/form-data with the file in `pdf`; PDF checked by content, max PDF_MAX_MB (10)', tag: 'assessment', body: AssessmentSchema },
  { method: 'get', path: '/api/assessment/download/', summary: 'The assessment list as .xlsx (same filters and ordering)', tag: 'assessment' },
  { method: 'get', path: '/api/assessment/{id}/', summary: 'Read an assessment (duration "00:MM:SS", minutes, seconds, levels, pdf_url)', tag: 'assessment' },
  { method: 'put', path: '/api/assessment/{id}/', summary: 'Update an assessment (platform admin); JSON or multipart like create; without a new file the stored PDF is kept unless remove_pdf', tag: 'assessment', body: AssessmentSchema },
  { method: 'get', path: '/api/assessment/{id}/pdf/', summary: 'The PDF of an assessment (platform admins, and users of institutions that have it)', tag: 'assessment' },
  { method: 'get', path: '/api/assessment/{id}/clients/', summary: 'Institutions that have the assessment: payload.clients (ids)', tag: 'assessment' },
  { method: 'put', path: '/api/assessment/{id}/clients/', summary: 'Set the institutions that have the assessment (replaces the set)', tag: 'assessment', body: AssessmentClientsSchema },
  { method: 'get', path: '/api/assessmentlibrary/', summary: 'List assessment libraries (also the report types: report_type = 100 + id when isReport)', tag: 'assessment-library', list: true },
  { method: 'post', path: '/api/assessmentlibrary/', summary: 'Create an assessment library', tag: 'assessment-library', body: AssessmentLibrarySchema },
  { method: 'get', path: '/api/assessmentlibrary/export/', summary: 'The library list as .xlsx', tag: 'assessment-library' },
  { method: 'get', path: '/api/assessmentlibrary/download/', summary: 'The library upload template (.xlsx: display_name, isReport, isGlobal, switches; instructions in the caller\'s language)', tag: 'assessment-library' },
  { method: 'get', path: '/api/assessmentlibrary/{id}/', summary: 'Read an assessment library', tag: 'assessment-library' },
  { method: 'put', path: '/api/assessmentlibrary/{id}/', summary: 'Update an assessment library', tag: 'assessment-library', body: AssessmentLibrarySchema },
  { method: 'delete', path: '/api/assessmentlibrary/{id}/', summary: 'Delete an assessment library (409 while report templates use it)', tag: 'assessment-library' },
  { method: 'get', path: '/api/assessmentlibrary_type/{type}/assessmentlibrary/', summary: 'Libraries of a type: report, global or all', tag: 'assessment-library' },
  { method: 'get', path: '/api/assessmentlibraryentrylist/{id}/', summary: 'Entries of library {id}', tag: 'assessment-library', list: true },
  { method: 'post', path: '/api/assessmentlibraryentry/', summary: 'Create a library entry (assessment_library names its library)', tag: 'assessment-library', body: AssessmentLibraryEntryCreateSchema },
  { method: 'get', path: '/api/assessmentlibraryentry/{id}/', summary: 'Read a library entry', tag: 'assessment-library' },
  { method: 'put', path: '/api/assessmentlibraryentry/{id}/', summary: 'Update a library entry', tag: 'assessment-library', body: AssessmentLibraryEntrySchema },
  { method: 'delete', path: '/api/assessmentlibraryentry/{id}/', summary: 'Delete a library entry', tag: 'assessment-library' },
  { method: 'get', path: '/api/reporttemplate/', summary: 'List report templates', tag: 'report-template', list: true },
  { method: 'post', path: '/api/reporttemplate/', summary: 'Create a report template with its entries', tag: 'report-template', body: ReportTemplateSchema },
  { method: 'get', path: '/api/reporttemplate/export/', summary: 'The template list as .xlsx', tag: 'report-template' },
  { method: 'get', path: '/api/reporttemplate/download/', summary: 'The report-template upload template (.xlsx: name, assessmentLibrary, reportType, reportScope, switches)', tag: 'report-template' },
  { method: 'get', path: '/api/reporttemplate/download/{id}', summary: 'One template as .xlsx (its upload columns, and its entries on a second sheet); kept as its saved file (savedFileName)', tag: 'report-template' },
  { method: 'get', path: '/api/reporttemplate/email/{id}', summary: 'Mail one template as .xlsx to ?email= or the signed-in user; payload.message', tag: 'report-template' },
  { method: 'get', path: '/api/reporttemplate/{id}/', summary: 'Read a report template with its entries', tag: 'report-template' },
  { method: 'put', path: '/api/reporttemplate/{id}/', summary: 'Update a report template (entries replaced by the ones sent)', tag: 'report-template', body: ReportTemplateSchema },
  { method: 'delete', path: '/api/reporttemplate/{id}/', summary: 'Delete a report template', tag: 'report-template' },
  { method: 'get', path: '/api/reporttemplate_type/{typeId}/reporttemplate/', summary: 'Templates of report type {typeId} (1 common, 2 accurate, 6 tally, 100 + library id)', tag: 'report-template' },
  { method: 'get', path: '/api/reporttemplateentrylist/{id}/', summary: 'Entries of template {id}', tag: 'report-template', list: true },
  { method: 'get', path: '/api/reporttemplateentry/{id}/', summary: 'Read a template entry', tag: 'report-template' },
  { method: 'get', path: '/api/downloadS3/{id}/', summary: 'The saved file of template {id}', tag: 'report-template' },
]
