// The filters of the uploads and of the archive: company, year and (payslips) month, every one optional.
import { businessDate } from '@bottega/contracts/dates';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { monthOptions, recentYears } from '../payslip-format';

export function YearFilter(props: { value: number | null; onChange: (value: number | null) => void }) {
  const { t } = useTranslation('payslips');
  return (
    <Select
      aria-label={t('fields.year')}
      placeholder={t('filters.allYears')}
      data={recentYears(businessDate(), 10).map(String)}
      value={props.value === null ? null : String(props.value)}
      onChange={(value) => props.onChange(value ? Number(value) : null)}
      clearable
      w={{ base: '100%', sm: 140 }}
      data-testid="filter-year"
    />
  );
}

export function MonthFilter(props: { value: number | null; onChange: (value: number | null) => void }) {
  const { t } = useTranslation('payslips');
  return (
    <Select
      aria-label={t('fields.month')}
      placeholder={t('filters.allMonths')}
      data={monthOptions(currentLanguage())}
      value={props.value === null ? null : String(props.value)}
      onChange={(value) => props.onChange(value ? Number(value) : null)}
      clearable
      w={{ base: '100%', sm: 160 }}
      data-testid="filter-month"
    />
  );
}
