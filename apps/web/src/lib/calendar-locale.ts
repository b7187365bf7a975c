// The date pickers' language: dayjs's locales of the app's languages, loaded with the first picker (every picker asks
// here), so a month or a weekday is named in the reader's language on every screen.
import 'dayjs/locale/it';
import 'dayjs/locale/de';
import 'dayjs/locale/bg';
import 'dayjs/locale/ar-ly';
import { currentLanguage } from './i18n';

/** The dayjs locale of the date pickers: Arabic as written in Libya, with the Latin digits every date in the app has. */
export function calendarLocale(): string {
  const language = currentLanguage();
  return language === 'ar' ? 'ar-ly' : language;
}
