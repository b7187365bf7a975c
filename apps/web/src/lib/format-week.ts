// An ISO week as every weekly screen names it (spec §9: weeks start on Monday, numbered with their year).
import { isoWeekDays } from '@bottega/contracts/dates';
import type { TFunction } from 'i18next';
import { formatDate } from './format-date';

/** "Settimana 47/2026". */
export function weekTitle(t: TFunction, week: string): string {
  const [year, number] = week.split('-W');
  return t('common:week.title', { number: Number(number), year });
}

/** "16/11/2026 – 22/11/2026". */
export function weekRange(t: TFunction, week: string): string {
  const days = isoWeekDays(week);
  return t('common:week.range', { from: formatDate(days[0]), to: formatDate(days[6]) });
}
