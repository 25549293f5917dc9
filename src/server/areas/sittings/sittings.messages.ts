// Bilingual messages of the sittings area.
export const SITTING_MESSAGES = {
  studentUnknown: { en: 'This student does not exist in this institution', ar: 'هذا الطالب غير موجود في هذه المؤسسة' },
  classUnknown: { en: 'This class does not exist in this institution', ar: 'هذا الفصل غير موجود في هذه المؤسسة' },
  yearUnknown: { en: 'This academic year does not exist in this institution', ar: 'هذه السنة الدراسية غير موجودة في هذه المؤسسة' },
  studentNotInClass: { en: 'This student is not in this class in this academic year', ar: 'هذا الطالب ليس في هذا الفصل في هذه السنة الدراسية' },
  assessmentUnknown: {
    en: 'This assessment is not available to this institution',
    ar: 'هذا التقييم غير متاح لهذه المؤسسة',
  },
  noComprehensionStep: {
    en: 'This assessment has no comprehension questions or retell to score',
    ar: 'لا يحتوي هذا التقييم على أسئلة فهم أو إعادة سرد لتقييمها',
  },
  comprehensionCount: (n: number) => ({
    en: `Give the points for each of the ${n} comprehension items, in order`,
    ar: `أدخل الدرجات لكل بند من بنود الفهم وعددها ${n}، بالترتيب`,
  }),
  comprehensionOverPoints: (item: number, points: number) => ({
    en: `Comprehension item ${item} is worth at most ${points} points`,
    ar: `البند ${item} من بنود الفهم درجته القصوى ${points}`,
  }),
  comprehensionRequired: {
    en: 'A question set is scored by its answers: give the points for each question',
    ar: 'تُقيَّم مجموعة الأسئلة بإجاباتها: أدخل درجة كل سؤال',
  },
  notYourClass: { en: 'You can only record sittings for the classes you teach', ar: 'يمكنك تسجيل الجلسات للفصول التي تدرّسها فقط' },
  totalQuestionRequired: {
    en: 'This assessment has no text: give the number of words (total_question)',
    ar: 'لا يحتوي هذا التقييم على نص: أدخل عدد الكلمات (total_question)',
  },
  attemptedPastPassage: (n: number) => ({
    en: `Words reached cannot be more than the ${n} words of the passage`,
    ar: `لا يمكن أن يزيد عدد الكلمات المقروءة عن كلمات النص وعددها ${n}`,
  }),
  markPastPassage: (i: number, n: number) => ({
    en: `Mark on word ${i + 1} is past the end of the passage (${n} words)`,
    ar: `العلامة على الكلمة ${i + 1} بعد نهاية النص (${n} كلمة)`,
  }),
  markPastAttempted: (i: number, n: number) => ({
    en: `Mark on word ${i + 1} is past the last word read (${n})`,
    ar: `العلامة على الكلمة ${i + 1} بعد آخر كلمة مقروءة (${n})`,
  }),
  bracketPastAttempted: (i: number, n: number) => ({
    en: `The one-minute bracket on word ${i + 1} is past the last word read (${n})`,
    ar: `قوس الدقيقة الواحدة على الكلمة ${i + 1} بعد آخر كلمة مقروءة (${n})`,
  }),
  miscueUnknown: (code: string) => ({ en: `Unknown miscue type "${code}"`, ar: `نوع خطأ القراءة "${code}" غير معروف` }),
  wordsOnlyOnInsertion: (i: number) => ({
    en: `Only an insertion can hold several words (word ${i + 1})`,
    ar: `الإضافة وحدها يمكن أن تضم أكثر من كلمة (الكلمة ${i + 1})`,
  }),
  cueUnknown: (code: string) => ({ en: `Unknown cue category "${code}"`, ar: `فئة التحليل "${code}" غير معروفة` }),
  cueNotForPassage: (code: string) => ({
    en: `The cue category "${code}" is for Arabic passages only`,
    ar: `فئة التحليل "${code}" خاصة بالنصوص العربية`,
  }),
  markTwice: (i: number) => ({ en: `Word ${i + 1} has the same miscue twice`, ar: `الكلمة ${i + 1} عليها نوع الخطأ نفسه مرتين` }),
  durationOverLimit: (limit: string) => ({
    en: `The duration is longer than the assessment's time limit (${limit})`,
    ar: `المدة أطول من الوقت المحدد للتقييم (${limit})`,
  }),
  notAudio: {
    en: 'The audio file is not a recording this app can play (WebM, Ogg, MP4/M4A, WAV or MP3)',
    ar: 'ملف الصوت ليس تسجيلًا يمكن تشغيله (WebM أو Ogg أو MP4/M4A أو WAV أو MP3)',
  },
  audioTooLarge: (mb: number) => ({ en: `The audio is larger than ${mb} MB`, ar: `حجم الملف الصوتي أكبر من ${mb} ميغابايت` }),
  badMultipart: { en: 'The form data could not be read', ar: 'تعذرت قراءة بيانات النموذج' },
  badSittingPart: {
    en: 'The sitting could not be read: send it as JSON text in the part "sitting"',
    ar: 'تعذرت قراءة الجلسة: أرسلها نصًا بصيغة JSON في الجزء "sitting"',
  },
  badMarks: { en: 'The marks could not be read: send them as a JSON list', ar: 'تعذرت قراءة العلامات: أرسلها كقائمة JSON' },
  noAudio: { en: 'This sitting has no audio', ar: 'لا يوجد تسجيل صوتي لهذه الجلسة' },
  profileUnknown: {
    en: 'This scoring profile (or version) is not available to this institution',
    ar: 'ملف التصحيح هذا (أو إصداره) غير متاح لهذه المؤسسة',
  },
  notYourSitting: {
    en: 'Only the teacher who recorded this reading, or school staff, can change it',
    ar: 'لا يغيّر هذه القراءة إلا المعلم الذي سجّلها أو إدارة المدرسة',
  },
  sittingVoid: {
    en: 'This reading record is void: restore it before correcting, rescoring or voiding it again',
    ar: 'سجل القراءة هذا ملغى: استعده قبل تصحيحه أو إعادة حسابه أو إلغائه مرة أخرى',
  },
  sittingNotVoid: {
    en: 'This reading record is not void: there is nothing to restore',
    ar: 'سجل القراءة هذا غير ملغى: لا يوجد ما يُستعاد',
  },
  versionConflict: (yours: number, now: number) => ({
    en: `Someone else changed this reading record after you opened it (you changed version ${yours}, it is now version ${now}). Review the current record and make your change again.`,
    ar: `غيّر شخص آخر سجل القراءة هذا بعد أن فتحته (عدّلت الإصدار ${yours} وهو الآن الإصدار ${now}). راجع السجل الحالي ثم أعد التغيير.`,
  }),
  notSecondScorer: {
    en: 'The teacher who recorded this reading cannot score it a second time: ask another teacher or school staff',
    ar: 'لا يمكن للمعلم الذي سجّل هذه القراءة أن يصححها مرة ثانية: اطلب ذلك من معلم آخر أو من إدارة المدرسة',
  },
  notComparer: {
    en: 'Only school staff, the teacher who recorded this reading, or a teacher who scored it a second time can compare its scorings',
    ar: 'لا يقارن تصحيحات هذه القراءة إلا إدارة المدرسة أو المعلم الذي سجّلها أو معلم صححها مرة ثانية',
  },
  notAsker: {
    en: 'Only school staff or the teacher who recorded this reading can ask for a second scoring of it',
    ar: 'لا يطلب تصحيحًا ثانيًا لهذه القراءة إلا إدارة المدرسة أو المعلم الذي سجّلها',
  },
  notAskable: {
    en: 'Ask school staff, or a teacher of this school other than the one who recorded the reading',
    ar: 'اطلب ذلك من إدارة المدرسة أو من معلم في هذه المدرسة غير الذي سجّل القراءة',
  },
  secondScoringUnknown: {
    en: 'This second scoring does not exist for this reading',
    ar: 'هذا التصحيح الثاني غير موجود لهذه القراءة',
  },
  alreadySettled: (version: number) => ({
    en: `This second scoring was already settled (it made version ${version} of the reading). Open the comparison again to see the reading as it is now.`,
    ar: `سبقت تسوية هذا التصحيح الثاني (نتج عنها الإصدار ${version} من القراءة). افتح المقارنة مرة أخرى لترى القراءة كما هي الآن.`,
  }),
  changedSinceComparison: (yours: number, now: number) => ({
    en: `This reading was changed after the comparison you settled from (you compared version ${yours}, it is now version ${now}). Open the comparison again and settle from it.`,
    ar: `تغيّرت هذه القراءة بعد المقارنة التي سوّيت منها (قارنت الإصدار ${yours} وهي الآن الإصدار ${now}). افتح المقارنة مرة أخرى وسوِّ منها.`,
  }),
  pickNotDisagreement: (i: number) => ({
    en: `The two scorings agree on word ${i + 1}: only a disagreement can be settled`,
    ar: `يتفق التصحيحان على الكلمة ${i + 1}: لا يُسوّى إلا موضع خلاف`,
  }),
  pickTwice: (i: number) => ({ en: `Word ${i + 1} is settled twice`, ar: `الكلمة ${i + 1} مسوّاة مرتين` }),
  settleReason: (name: string, seconds: number[]) => ({
    en: `Settled with the second scoring of ${name}${seconds.length ? `: the second scorer's marks kept on word ${seconds.map((i) => i + 1).join(', ')}` : ': the first marks kept'}`,
    ar: `تسوية مع التصحيح الثاني الذي أجراه ${name}${seconds.length ? `: اعتُمدت علامات المصحح الثاني على الكلمة ${seconds.map((i) => i + 1).join('، ')}` : ': أُبقيت العلامات الأولى'}`,
  }),
  summaryPerSchool: {
    en: 'The agreement summary per school is for school staff: a teacher sees their own row of the summary per teacher',
    ar: 'ملخص الاتفاق لكل مدرسة خاص بإدارة المدرسة: يرى المعلم صفه فقط في الملخص لكل معلم',
  },
  noPassageToScore: {
    en: 'Only a reading of a text passage can be scored a second time',
    ar: 'لا يُصحَّح مرة ثانية إلا قراءة نص',
  },
}
