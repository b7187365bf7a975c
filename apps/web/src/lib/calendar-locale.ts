import { currentLanguage } from './i18n';

/** The dayjs locale of the date pickers: Arabic as written in Libya, with the Latin digits every date in the app has. */
export function calendarLocale(): string {
  const language = currentLanguage();
  return language === 'ar' ? 'ar-ly' : language;
}
