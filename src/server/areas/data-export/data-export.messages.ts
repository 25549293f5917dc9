// English and Arabic text of the data-out calls.
export const DATA_EXPORT_MESSAGES = {
  badFormat: { en: 'The format must be xlsx or csv', ar: 'يجب أن تكون الصيغة xlsx أو csv' },
  badKind: { en: 'The kind must be sittings or marks', ar: 'يجب أن يكون النوع sittings أو marks' },
  badPage: { en: 'The page must be a whole number from 1', ar: 'يجب أن تكون الصفحة عددًا صحيحًا من 1' },
  queued: { en: 'The export is being built; its progress and file are at the task', ar: 'يجري إعداد التصدير؛ تقدّمه وملفه في المهمة' },
  notReady: { en: 'The export is not ready yet', ar: 'التصدير ليس جاهزًا بعد' },
}
