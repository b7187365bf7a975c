// The company an upload is for, or a list is filtered by: every company by name (a handful: the payroll is per
// company), from the options call anyone signed in may make.
import { Select } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useCompanyOptions } from '../../companies/companies.api';

export function CompanySelect(props: {
  value: string | null;
  onChange: (value: string | null) => void;
  /** A form's field (shown label, required); a filter otherwise (placeholder "every company", clearable). */
  field?: { label: string; required?: boolean; error?: string };
  testId?: string;
}) {
  const { t } = useTranslation(['payslips', 'errors']);
  const companies = useCompanyOptions();
  const data = (companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }));
  const loadError = companies.isError ? errorMessage(companies.error, t) : undefined;
  return (
    <Select
      label={props.field?.label}
      aria-label={props.field ? undefined : t('fields.company')}
      placeholder={props.field ? t('fields.companyPlaceholder') : t('filters.allCompanies')}
      required={props.field?.required}
      error={props.field?.error ?? loadError}
      leftSection={<IconBuildingSkyscraper size={16} />}
      data={data}
      value={props.value}
      onChange={props.onChange}
      clearable={!props.field}
      searchable
      nothingFoundMessage={t('filters.noCompany')}
      w={props.field ? undefined : { base: '100%', sm: 240 }}
      data-testid={props.testId}
    />
  );
}
