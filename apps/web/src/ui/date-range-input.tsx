import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { calendarLocale } from '../lib/calendar-locale';

/** A period picked on the calendar: two dates shown DD/MM/YYYY, weeks from Monday, month names in the screen's language. */
export function DateRangeInput(
  props: Omit<DatePickerInputProps<'range'>, 'type' | 'valueFormat' | 'locale' | 'firstDayOfWeek'>,
) {
  return (
    <DatePickerInput type="range" valueFormat="DD/MM/YYYY" locale={calendarLocale()} firstDayOfWeek={1} {...props} />
  );
}
