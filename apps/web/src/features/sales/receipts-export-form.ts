// The receipts export's range, checked as the server checks it (contracts' salesExportBodySchema and the
// futureDate rule) so a message never changes between choosing the days and sending them.
import { daysInRange, salesExportMaxDays } from '@bottega/contracts/sales';
import type { TFunction } from 'i18next';

export type ReceiptsExportFormValues = { from: string; to: string };

/** This month so far: the range most exports are for. */
export function initialExportRange(today: string): ReceiptsExportFormValues {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** Field → message, empty when the range may be sent; `today` is the business date. */
export function validateExportRange(
  values: ReceiptsExportFormValues,
  today: string,
  t: TFunction,
): Partial<Record<keyof ReceiptsExportFormValues, string>> {
  const errors: Partial<Record<keyof ReceiptsExportFormValues, string>> = {};
  if (!values.from) errors.from = t('validation:required');
  if (!values.to) errors.to = t('validation:required');
  if (errors.from || errors.to) return errors;
  if (values.from > values.to) errors.to = t('validation:dateRange');
  else if (daysInRange(values.from, values.to) > salesExportMaxDays) {
    errors.to = t('validation:dateRangeTooLong', { max: salesExportMaxDays });
  } else if (values.to > today) errors.to = t('validation:futureDate');
  return errors;
}
