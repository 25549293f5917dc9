import { describe, expect, it } from 'vitest'
import { CODES } from '../schemas/codes'
import { cellBoolean, cellInteger, cellList, cellText } from './cell-values'
import { mapHeaders } from './header-map'
import { checkRow, rowChecker, type BulkReferences } from './row-checks'

const issuesOf = (row: ReturnType<typeof checkRow>) => (row.ok ? [] : row.issues.map((i) => [i.field, i.code]))

describe('cell values', () => {
  it('reads numbers as a person typed them and keeps text as text', () => {
    expect(cellText(971501000011)).toBe('971501000011')
    expect(cellText(12345678)).toBe('12345678')
    expect(cellText(0.1 + 0.2)).toBe('0.3')
    expect(cellText('  00012345 ')).toBe('00012345')
    expect(cellText(null)).toBe('')
  })

  it('reads booleans from TRUE, 1/0, yes/no and Arabic words; anything else is no boolean', () => {
    expect([true, 1, 'yes', 'TRUE', 'نعم', 'x'].map(cellBoolean)).toEqual([true, true, true, true, true, true])
    expect([false, 0, 'no', 'False', 'لا'].map(cellBoolean)).toEqual([false, false, false, false, false])
    expect(cellBoolean('')).toBeUndefined()
    expect(cellBoolean('maybe')).toBeNull()
    expect(cellBoolean(2)).toBeNull()
  })

  it('reads lists split by English or Arabic commas, and whole numbers from text', () => {
    expect(cellList('English, Arabic،Maths ; ')).toEqual(['English', 'Arabic', 'Maths'])
    expect(cellInteger('6')).toBe(6)
    expect(cellInteger(3)).toBe(3)
    expect(cellInteger('6a')).toBeNaN()
    expect(cellInteger('')).toBeUndefined()
  })
})

describe('student rows', () => {
  const emirates = { student_id_validation: { type: 'EMIRATES_ID', acronym: 'SMPL', regex: null } }

  it('builds the StudentSchema input: gender words, the class chosen on the screen, trimmed text', () => {
    const row = checkRow('student', { first_name: ' Sara ', last_name: 'Ahmed', arabic_name: 'سارة أحمد', enrollment_code: 'SMPL-00001', gender: 'Female' }, {}, { classId: 7 })
    expect(row).toMatchObject({ ok: true, key: 'smpl-00001', label: 'SMPL-00001', input: { first_name: 'Sara', gender: 'f', class_relation: 7, user_field_1: '' } })
  })

  it('gives each invalid cell its field and code, with the limit', () => {
    const row = checkRow('student', { first_name: 'Jo', last_name: 'Li', arabic_name: '', enrollment_code: 'ABC', gender: 'x' })
    expect(row.ok).toBe(false)
    expect(row.ok ? [] : row.issues).toEqual(expect.arrayContaining([
      { field: 'first_name', code: CODES.tooShort, requirement: 3 },
      { field: 'arabic_name', code: CODES.required },
      { field: 'enrollment_code', code: CODES.tooShort, requirement: 4 },
      { field: 'gender', code: CODES.invalidChoice },
    ]))
  })

  it('checks enrollment codes against the institution\'s student-ID rule when it is known', () => {
    const cells = { first_name: 'Adam', last_name: 'Brown', arabic_name: 'آدم براون', enrollment_code: '784-2015-1000001-7' }
    expect(checkRow('student', cells, emirates).ok).toBe(true)
    expect(issuesOf(checkRow('student', { ...cells, enrollment_code: '784-2015-1000001-8' }, emirates))).toEqual([['enrollment_code', CODES.invalidEmiratesId]])
    expect(checkRow('student', { ...cells, enrollment_code: '784-2015-1000001-8' }).ok).toBe(true)
  })

  it('flags a code that exists already, and repeats within the file with the first row\'s number', () => {
    const map = mapHeaders('student', ['first_name', 'last_name', 'arabic_name', 'enrollment_code'])
    const check = rowChecker('student', map, { existing: ['taken-0001'] })
    const pupil = (code: string) => ['Adam', 'Brown', 'آدم براون', code]
    expect(check({ row: 2, cells: pupil('NEW-0001') }).ok).toBe(true)
    expect(check({ row: 3, cells: pupil('taken-0001') })).toMatchObject({ ok: false, issues: [{ field: 'enrollment_code', code: CODES.alreadyExists }] })
    expect(check({ row: 5, cells: pupil('new-0001') })).toMatchObject({ ok: false, row: 5, issues: [{ field: 'enrollment_code', code: CODES.duplicateInFile, requirement: 2 }] })
  })
})

describe('teacher and school rows', () => {
  it('validates teachers with UserSchema: role teacher, the screen\'s school, the phone inside the profile', () => {
    const ok = checkRow('teacher', { first_name: 'Layla', last_name: 'Nasser', email: '  Layla.Nasser@Fixtures.TEST ', phone_number: 971501000011 }, {}, { schoolId: 4 })
    expect(ok).toMatchObject({ ok: true, key: 'layla.nasser@fixtures.test', input: { email: 'layla.nasser@fixtures.test', role: 'teacher', schools: [4], userprofile: { phone_number: '971501000011' } } })
    expect(issuesOf(checkRow('teacher', { first_name: 'Noor', last_name: 'Khalil', email: 'noor@x.test', phone_number: '12' }))).toEqual([['phone_number', CODES.tooShort]])
    expect(issuesOf(checkRow('teacher', { first_name: 'Yusuf', last_name: 'Ali', email: 'not-an-email' }))).toEqual([['email', CODES.invalidEmail]])
  })

  it('reads a school\'s country from its code or its English or Arabic name', () => {
    const school = (country: string) => checkRow('school', { identifier: 'SCH-1', display_name: 'A School', arabic_display_name: 'مدرسة أ', country })
    for (const name of ['AE', 'ae', 'United Arab Emirates', 'الإمارات العربية المتحدة']) expect(school(name)).toMatchObject({ ok: true, input: { school_address: { country: 'AE' } } })
    expect(issuesOf(school('Atlantis'))).toEqual([['country', CODES.invalidCountry]])
  })
})

describe('class rows', () => {
  const refs: BulkReferences = {
    schools: [{ id: 1, identifier: 'SCH-FIX-01', display_name: 'Fix' }, { id: 2, identifier: 'OTHER', display_name: 'Other' }],
    grades: [{ id: 10, school_id: 1, identifier: 'G1', display_name: 'Grade 1' }, { id: 20, school_id: 2, identifier: 'G2', display_name: 'Grade 2' }],
    sections: [{ id: 30, school_id: 1, identifier: 'A', display_name: 'Section A' }],
    subjects: [{ id: 5, code: 'english', display_name: 'English', arabic_display_name: 'الإنجليزية' }, { id: 6, code: 'arabic', display_name: 'Arabic', arabic_display_name: 'العربية' }],
    teachers: [{ id: 40, school_id: 1, email: 'teacher@sample.test' }],
  }
  const row = { school: 'sch-fix-01', identifier: '007', class_name: 'Grade 1 Seven', grade: 'G1', section: 'A', subjects: 'English, العربية', teachers: 'Teacher@Sample.test' }

  it('resolves the school, grade, section, subjects and teachers by identifier, name or email', () => {
    expect(checkRow('class', row, refs, { yearId: 3 })).toMatchObject({
      ok: true, input: { school: 1, identifier: '007', grade: 10, section: 30, subjects: [5, 6], teachers: [40], academic_year: 3 },
    })
    expect(checkRow('class', { ...row, grade: 'Grade 1', section: '' }, refs)).toMatchObject({ ok: true, input: { grade: 10, section: null } })
  })

  it('refuses names that match nothing, and a grade or teacher of another school', () => {
    expect(issuesOf(checkRow('class', { ...row, school: 'NO-SUCH' }, refs))).toEqual([['school', CODES.unknownReference]])
    expect(issuesOf(checkRow('class', { ...row, grade: 'G2' }, refs))).toEqual([['grade', CODES.unknownReference]])
    expect(issuesOf(checkRow('class', { ...row, subjects: 'English, Physics' }, refs))).toEqual([['subjects', CODES.unknownReference]])
    expect(issuesOf(checkRow('class', { ...row, school: 'OTHER', grade: 'G2', section: '' }, refs))).toEqual([['teachers', CODES.unknownReference]])
    expect(issuesOf(checkRow('class', { ...row, subjects: '' }, refs))).toEqual([['subjects', CODES.requireOne]])
  })

  it('without references checks only what the row itself says', () => {
    expect(checkRow('class', { ...row, school: 'ANY', grade: 'G9' }).ok).toBe(true)
    expect(issuesOf(checkRow('class', { ...row, school: '', grade: '' }))).toEqual([['school', CODES.required], ['grade', CODES.required]])
  })
})

describe('library and template rows', () => {
  const refs: BulkReferences = { libraries: [{ id: 4, display_name: 'Early Reading Bundle', is_report: true }, { id: 5, display_name: 'Plain', is_report: false }] }

  it('reads library booleans and refuses one that is not', () => {
    expect(checkRow('assessment-library', { display_name: 'Fluency Checks', isReport: 'yes', isGlobal: 0 })).toMatchObject({ ok: true, input: { isReport: true, isGlobal: false } })
    expect(issuesOf(checkRow('assessment-library', { display_name: 'Fluency Checks', isReport: 'perhaps' }))).toEqual([['isReport', CODES.invalidChoice]])
  })

  it('names a template\'s library by name or id and checks the report type against report libraries', () => {
    const template = { name: 'Class bundle', assessmentLibrary: 'early reading bundle', reportType: '6', reportScope: 'class' }
    expect(checkRow('report-template', template, refs)).toMatchObject({ ok: true, input: { assessmentLibrary: 4, reportType: 6, reportScope: 3 } })
    expect(checkRow('report-template', { ...template, assessmentLibrary: 4, reportType: 104 }, refs).ok).toBe(true)
    expect(issuesOf(checkRow('report-template', { ...template, reportType: 105 }, refs))).toEqual([['reportType', CODES.invalidChoice]])
    expect(issuesOf(checkRow('report-template', { ...template, assessmentLibrary: 'No Such Library' }, refs))).toEqual([['assessmentLibrary', CODES.unknownReference]])
    expect(issuesOf(checkRow('report-template', { ...template, reportScope: 9 }, refs))).toEqual([['reportScope', CODES.invalidChoice]])
  })
})
