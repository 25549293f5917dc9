// Server-side text in English and Arabic, picked by the request's Accept-Language.
import { CODES, type Code } from '../../shared/schemas/codes'

export type Lang = 'en' | 'ar'

export function langFrom(acceptLanguage: string | undefined): Lang {
  return acceptLanguage?.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en'
}

export type Text = { en: string; ar: string }

const VALIDATION: Record<Code, (n?: number) => Text> = {
  [CODES.required]: () => ({ en: 'This field is required', ar: 'هذا الحقل مطلوب' }),
  [CODES.tooShort]: (n) => ({ en: `Must be at least ${n} characters`, ar: `يجب ألا يقل عن ${n} أحرف` }),
  [CODES.tooLong]: (n) => ({ en: `Must be at most ${n} characters`, ar: `يجب ألا يزيد عن ${n} حرفًا` }),
  [CODES.invalidEmail]: () => ({ en: 'Enter a valid email address', ar: 'أدخل بريدًا إلكترونيًا صحيحًا' }),
  [CODES.invalidUsername]: () => ({
    en: 'Use letters, digits and spaces, or an email address',
    ar: 'استخدم الحروف والأرقام والمسافات، أو بريدًا إلكترونيًا',
  }),
  [CODES.invalidName]: () => ({
    en: 'Must not start with a space or contain special characters',
    ar: 'يجب ألا يبدأ بمسافة أو يحتوي على رموز خاصة',
  }),
  [CODES.passwordRule]: () => ({
    en: 'Use at least one lowercase letter, one uppercase letter, one digit and one of $ @ ! % * ? &, and no other characters',
    ar: 'استخدم حرفًا صغيرًا وحرفًا كبيرًا ورقمًا ورمزًا واحدًا على الأقل من $ @ ! % * ? & ولا شيء غيرها',
  }),
  [CODES.notEquivalent]: () => ({ en: 'The passwords do not match', ar: 'كلمتا المرور غير متطابقتين' }),
  [CODES.invalidPhone]: () => ({ en: 'Use digits, spaces, + and - only', ar: 'استخدم الأرقام والمسافات و+ و- فقط' }),
  [CODES.invalidSubdomain]: () => ({
    en: 'Start with a letter or digit, then letters, digits, _ or -',
    ar: 'ابدأ بحرف أو رقم، ثم حروف أو أرقام أو _ أو -',
  }),
  [CODES.invalidZipcode]: () => ({ en: 'Use letters, digits, spaces or - only', ar: 'استخدم الحروف والأرقام والمسافات أو - فقط' }),
  [CODES.invalidAcademicYear]: () => ({
    en: 'Use the form 23-24 or 2023-2024 (consecutive years)',
    ar: 'استخدم الصيغة 23-24 أو 2023-2024 (سنتان متتاليتان)',
  }),
  [CODES.invalidNumber]: () => ({ en: 'Enter a valid number', ar: 'أدخل رقمًا صحيحًا' }),
  [CODES.invalidChoice]: () => ({ en: 'Choose one of the options', ar: 'اختر أحد الخيارات' }),
  [CODES.invalidAddress]: () => ({ en: 'Must start with a letter', ar: 'يجب أن يبدأ بحرف' }),
  [CODES.invalidDate]: () => ({ en: 'Enter a date as yyyy-mm-dd', ar: 'أدخل التاريخ بصيغة yyyy-mm-dd' }),
  [CODES.requireOne]: () => ({ en: 'Tick at least one', ar: 'اختر واحدًا على الأقل' }),
  [CODES.tooSmall]: (n) => ({ en: `Must be at least ${n}`, ar: `يجب ألا يقل عن ${n}` }),
  [CODES.dateOrder]: () => ({ en: 'The end date must not be before the start date', ar: 'يجب ألا يسبق تاريخ الانتهاء تاريخ البدء' }),
  [CODES.invalidCountry]: () => ({ en: 'Choose a country from the list', ar: 'اختر دولة من القائمة' }),
  [CODES.acronymRequired]: () => ({ en: 'Institution acronym is required', ar: 'اختصار المؤسسة مطلوب' }),
  [CODES.acronymTooLong]: () => ({ en: 'Acronym must be 10 characters or less', ar: 'يجب ألا يزيد الاختصار عن 10 أحرف' }),
  [CODES.acronymUppercase]: () => ({ en: 'Acronym must contain only uppercase letters', ar: 'يجب أن يحتوي الاختصار على أحرف إنجليزية كبيرة فقط' }),
  [CODES.invalidRegex]: () => ({ en: 'This is not a valid regular expression', ar: 'هذا ليس تعبيرًا نمطيًا صحيحًا' }),
  [CODES.unsafeRegex]: () => ({
    en: 'This pattern uses something student IDs cannot be checked with: a back-reference, a look-ahead or look-behind, or a Unicode escape. Remove it.',
    ar: 'يستخدم هذا النمط ما لا يمكن التحقق به من أرقام الطلاب: إحالة خلفية أو نظرة أمامية أو خلفية أو ترميز يونيكود. احذفه.',
  }),
  [CODES.invalidEmiratesId]: () => ({
    en: 'Enter a valid Emirates ID (784-YYYY-NNNNNNN-N)',
    ar: 'أدخل رقم هوية إماراتية صحيحًا (784-YYYY-NNNNNNN-N)',
  }),
  [CODES.invalidTemporaryId]: () => ({
    en: 'Enter a valid Emirates ID or a temporary ID (institution acronym, a dash and 5 digits)',
    ar: 'أدخل رقم هوية إماراتية صحيحًا أو رقمًا مؤقتًا (اختصار المؤسسة ثم شرطة ثم 5 أرقام)',
  }),
  [CODES.studentIdPattern]: () => ({ en: "The ID does not match the institution's format", ar: 'الرقم لا يطابق الصيغة المعتمدة لدى المؤسسة' }),
  [CODES.tooLarge]: (n) => ({ en: `Must be at most ${n}`, ar: `يجب ألا يزيد عن ${n}` }),
  [CODES.invalidSeconds]: () => ({ en: 'Choose 0, 15, 30 or 45 seconds', ar: 'اختر 0 أو 15 أو 30 أو 45 ثانية' }),
  [CODES.invalidPdf]: () => ({ en: 'The file must be a PDF document', ar: 'يجب أن يكون الملف مستند PDF' }),
  [CODES.commonPassword]: () => ({
    en: 'This password is one of the most commonly used and easy to guess. Choose another.',
    ar: 'كلمة المرور هذه من الأكثر شيوعًا ويسهل تخمينها. اختر غيرها.',
  }),
  [CODES.demoSourceRequired]: () => ({ en: 'Source institution is required', ar: 'المؤسسة المصدر مطلوبة' }),
  [CODES.demoNameRequired]: () => ({ en: 'Demo institution name is required', ar: 'اسم المؤسسة التجريبية مطلوب' }),
  [CODES.demoNameTooShort]: () => ({ en: 'Demo institution name must be at least 3 characters', ar: 'يجب أن يتكون اسم المؤسسة التجريبية من 3 أحرف على الأقل' }),
  [CODES.demoSubdomainRequired]: () => ({ en: 'Demo subdomain is required', ar: 'النطاق الفرعي التجريبي مطلوب' }),
  [CODES.demoSubdomainTooShort]: () => ({ en: 'Demo subdomain must be at least 3 characters', ar: 'يجب أن يتكون النطاق الفرعي التجريبي من 3 أحرف على الأقل' }),
  [CODES.demoSubdomainPattern]: () => ({ en: 'Only letters, numbers, and hyphens allowed', ar: 'يُسمح بالأحرف والأرقام والشرطات فقط' }),
  [CODES.notifyEmailRequired]: () => ({ en: 'Notification email is required', ar: 'بريد الإشعار مطلوب' }),
  [CODES.notifyEmailInvalid]: () => ({ en: 'Please enter a valid email address', ar: 'يرجى إدخال عنوان بريد إلكتروني صحيح' }),
  [CODES.duplicateInFile]: (n) => n === undefined
    ? { en: 'This value is repeated in the file', ar: 'هذه القيمة مكررة في الملف' }
    : { en: `The same value is already on row ${n} of this file`, ar: `القيمة نفسها موجودة في الصف ${n} من هذا الملف` },
  [CODES.alreadyExists]: () => ({ en: 'A record with this value exists already', ar: 'يوجد سجل بهذه القيمة من قبل' }),
  [CODES.unknownReference]: () => ({ en: 'No match found: check the name or identifier', ar: 'لا يوجد تطابق: تحقّق من الاسم أو المعرّف' }),
}

export function validationText(code: string, requirement: unknown, lang: Lang): string {
  const make = VALIDATION[code as Code]
  const n = typeof requirement === 'number' ? requirement : undefined
  return make ? make(n)[lang] : VALIDATION[CODES.invalidChoice]()[lang]
}

/** Every other server message, by key. */
export const MESSAGES = {
  invalidJson: { en: 'The request body is not valid JSON', ar: 'نص الطلب ليس بصيغة JSON صحيحة' },
  notFound: { en: 'Not found', ar: 'غير موجود' },
  routeNotFound: { en: 'This address does not exist', ar: 'هذا العنوان غير موجود' },
  badAddress: { en: 'The address is not valid: it holds a malformed % escape', ar: 'العنوان غير صالح: فيه ترميز % غير سليم' },
  unknownInstitution: { en: 'No institution uses this address', ar: 'لا توجد مؤسسة بهذا العنوان' },
  unauthenticated: { en: 'Sign in to continue', ar: 'سجّل الدخول للمتابعة' },
  tokenInvalid: { en: 'Your session has ended. Sign in again.', ar: 'انتهت جلستك. سجّل الدخول مرة أخرى.' },
  tokenOtherInstitution: {
    en: 'This session belongs to another institution. Sign in here.',
    ar: 'هذه الجلسة تابعة لمؤسسة أخرى. سجّل الدخول هنا.',
  },
  forbidden: { en: 'You do not have permission to do this', ar: 'ليست لديك صلاحية للقيام بذلك' },
  schoolForbidden: { en: 'You do not have access to this school', ar: 'ليست لديك صلاحية الوصول إلى هذه المدرسة' },
  invalidClient: { en: 'This application is not allowed to sign in', ar: 'لا يُسمح لهذا التطبيق بتسجيل الدخول' },
  unsupportedGrant: { en: 'Unsupported grant type', ar: 'نوع المنح غير مدعوم' },
  badCredentials: { en: 'Incorrect username or password', ar: 'اسم المستخدم أو كلمة المرور غير صحيحة' },
  tooManyAttempts: {
    en: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    ar: 'محاولات تسجيل دخول فاشلة كثيرة. حاول مرة أخرى بعد 15 دقيقة.',
  },
  forgotSent: {
    en: 'If an account uses this email, a link to reset the password has been sent to it.',
    ar: 'إذا كان هناك حساب بهذا البريد الإلكتروني، فقد أُرسل إليه رابط لإعادة تعيين كلمة المرور.',
  },
  resetKeyInvalid: {
    en: 'This reset link is invalid, has expired or has already been used.',
    ar: 'رابط إعادة التعيين غير صالح أو منتهي الصلاحية أو مستخدم من قبل.',
  },
  passwordReset: { en: 'Your password has been set. You can sign in now.', ar: 'تم تعيين كلمة المرور. يمكنك تسجيل الدخول الآن.' },
  passwordChanged: { en: 'Your password has been changed.', ar: 'تم تغيير كلمة المرور.' },
  oldPasswordWrong: { en: 'The current password is incorrect', ar: 'كلمة المرور الحالية غير صحيحة' },
  samePassword: {
    en: 'The new password must differ from the current one',
    ar: 'يجب أن تختلف كلمة المرور الجديدة عن الحالية',
  },
  idempotencyMismatch: {
    en: 'This Idempotency-Key was already used for a different request',
    ar: 'مفتاح عدم التكرار هذا استُخدم من قبل لطلب مختلف',
  },
  idempotencyInProgress: {
    en: 'A request with this Idempotency-Key is still being processed',
    ar: 'طلب بمفتاح عدم التكرار هذا لا يزال قيد المعالجة',
  },
  gradeInUse: {
    en: 'This grade cannot be deleted because classes use it',
    ar: 'لا يمكن حذف هذا الصف لأن فصولًا تستخدمه',
  },
  sectionInUse: {
    en: 'This section cannot be deleted because classes use it',
    ar: 'لا يمكن حذف هذه الشعبة لأن فصولًا تستخدمها',
  },
  duplicateIdentifier: {
    en: 'Another record in this school already uses this identifier',
    ar: 'يوجد سجل آخر في هذه المدرسة بنفس المعرّف',
  },
  readOnlyGrades: { en: 'Your role can view grades but not add them.', ar: 'يمكن لدورك عرض الصفوف دون إضافتها.' },
  readOnlySections: { en: 'Your role can view sections but not add them.', ar: 'يمكن لدورك عرض الشعب دون إضافتها.' },
  invalidPage: { en: 'page must be a whole number from 1', ar: 'يجب أن تكون الصفحة رقمًا صحيحًا يبدأ من 1' },
  invalidOrdering: { en: 'This list cannot be ordered by that field', ar: 'لا يمكن ترتيب هذه القائمة بهذا الحقل' },
  invalidId: {
    en: 'The id in the address must be a whole number from 1 to 2147483647',
    ar: 'يجب أن يكون المعرّف في العنوان رقمًا صحيحًا من 1 إلى 2147483647',
  },
  invalidIdFilter: {
    en: 'This filter must be an id: a whole number from 1 to 2147483647',
    ar: 'يجب أن يكون هذا المرشِّح معرّفًا: رقمًا صحيحًا من 1 إلى 2147483647',
  },
  nulCharacter: {
    en: 'The text contains a NUL character (U+0000), which cannot be stored. Remove it and try again.',
    ar: 'يحتوي النص على محرف NUL ‏(U+0000) الذي لا يمكن حفظه. احذفه ثم حاول مرة أخرى.',
  },
  invalidValue: {
    en: 'A value in this request is out of range or not valid for this field',
    ar: 'إحدى القيم في هذا الطلب خارج النطاق المسموح أو غير صالحة لهذا الحقل',
  },
  unsupportedMediaType: {
    en: 'Send this request as JSON (Content-Type: application/json)',
    ar: 'أرسل هذا الطلب بصيغة JSON ‏(Content-Type: application/json)',
  },
  concurrentDuplicate: {
    en: 'Another change saved the same record a moment ago. Reload and check before saving again.',
    ar: 'حُفظ السجل نفسه للتو بتغيير آخر. أعد التحميل وتحقّق قبل الحفظ مرة أخرى.',
  },
  concurrentReference: {
    en: 'This record is in use, or refers to something removed a moment ago. Reload and try again.',
    ar: 'هذا السجل مستخدم، أو يشير إلى شيء حُذف للتو. أعد التحميل وحاول مرة أخرى.',
  },
  serverError: { en: 'Something went wrong on the server', ar: 'حدث خطأ في الخادم' },
  databaseUnavailable: {
    en: 'The database cannot be reached right now. Nothing was changed; try again in a moment.',
    ar: 'لا يمكن الوصول إلى قاعدة البيانات الآن. لم يتغيّر شيء؛ حاول مرة أخرى بعد قليل.',
  },
  bodyTooLarge: { en: 'The request is too large', ar: 'الطلب كبير جدًا' },
} satisfies Record<string, Text>

export type MessageKey = keyof typeof MESSAGES

export function text(key: MessageKey, lang: Lang): string {
  return MESSAGES[key][lang]
}

/** Field labels used when a field error is also listed in message.errors. */
export const FIELD_LABELS: Record<string, Text> = {
  username: { en: 'Username', ar: 'اسم المستخدم' },
  password: { en: 'Password', ar: 'كلمة المرور' },
  email: { en: 'Email', ar: 'البريد الإلكتروني' },
  key: { en: 'Key', ar: 'المفتاح' },
  old_password: { en: 'Current password', ar: 'كلمة المرور الحالية' },
  new_password: { en: 'New password', ar: 'كلمة المرور الجديدة' },
  confirm_new_password: { en: 'Confirm new password', ar: 'تأكيد كلمة المرور الجديدة' },
  identifier: { en: 'Identifier', ar: 'المعرّف' },
  display_name: { en: 'Display name', ar: 'الاسم المعروض' },
}
