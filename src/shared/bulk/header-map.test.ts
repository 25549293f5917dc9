import { describe, expect, it } from 'vitest'
import { mapHeaders, normaliseHeader } from './header-map'

describe('normaliseHeader', () => {
  it('ignores case, spaces, underscores, hyphens and dots', () => {
    for (const header of [' First Name ', 'first_name', 'FIRST-NAME', 'First.Name', 'firstname']) expect(normaliseHeader(header)).toBe('firstname')
  })

  it('reads Arabic headers whatever their diacritics, tatweel or alef form', () => {
    expect(normaliseHeader('المعرّف')).toBe(normaliseHeader('المعرف'))
    expect(normaliseHeader('الاسم الأول')).toBe(normaliseHeader('الاســم الاول'))
  })
})

describe('mapHeaders', () => {
  it('maps the messy student headers of the fixtures and ignores the extra column', () => {
    const map = mapHeaders('student', ['First Name', 'last name', 'Arabic Name', 'ENROLLMENT_CODE', 'Gender ', 'User Field 1', 'user_field_2', 'user field 3', 'USER_FIELD_4', 'Notes'])
    expect(map.fields).toEqual(['first_name', 'last_name', 'arabic_name', 'enrollment_code', 'gender', 'user_field_1', 'user_field_2', 'user_field_3', 'user_field_4', null])
    expect(map.missing).toEqual([])
    expect(map.ignored).toEqual(['Notes'])
  })

  it('maps Arabic headers and the English labels of the list downloads', () => {
    const arabic = mapHeaders('student', ['الاسم الأول', 'اسم العائلة', 'الاسم بالعربية', 'رقم القيد', 'الجنس', 'الحقل 1'])
    expect(arabic.fields).toEqual(['first_name', 'last_name', 'arabic_name', 'enrollment_code', 'gender', 'user_field_1'])
    const download = mapHeaders('school', ['Identifier', 'Name', 'Arabic name', 'Phone', 'Country', 'State', 'City', 'Street', 'Zip code'])
    expect(download.fields).toEqual(['identifier', 'display_name', 'arabic_display_name', 'phone_number', 'country', 'state', 'city', 'street', 'zipcode'])
  })

  it('maps the camel-case library and template headers in any case and spacing', () => {
    expect(mapHeaders('assessment-library', ['Display Name', 'isreport', 'Is Global', 'Switches', 'Owner']).fields)
      .toEqual(['display_name', 'isReport', 'isGlobal', 'switches', null])
    expect(mapHeaders('report-template', ['Name', 'Assessment Library', 'REPORT TYPE', 'report scope', 'Switches', 'Comment']).fields)
      .toEqual(['name', 'assessmentLibrary', 'reportType', 'reportScope', 'switches', null])
  })

  it('lists the required columns the file lacks', () => {
    expect(mapHeaders('teacher', ['first_name', 'email']).missing).toEqual(['last_name'])
    expect(mapHeaders('class', ['identifier']).missing).toEqual(['school', 'class_name', 'grade', 'subjects', 'teachers'])
  })

  it('uses the first of two columns naming one field and knows the app\'s own row and error columns', () => {
    const map = mapHeaders('teacher', ['Row', 'first_name', 'First Name', 'last_name', 'email', 'Error'])
    expect(map.fields).toEqual(['row', 'first_name', null, 'last_name', 'email', 'error'])
    expect(map.repeated).toEqual(['first_name'])
  })
})
