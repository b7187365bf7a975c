// Puts an employee on the payslip blacklist (spec §3), until a day or until removed: the employee is found by name,
// surname or codice fiscale among the employees (former ones too, GET /api/payslips/blacklist/candidates), the last
// day is optional.
import '@mantine/dates/styles.css';
import { businessDate } from '@bottega/contracts/dates';
import { type PayslipBlacklistCandidate, payslipBlacklistBodySchema } from '@bottega/contracts/payslips';
import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { useListSearch } from '../../../ui/use-list-page';
import { parseTypedDate } from '../../profile/components/profile-field-input';
import { personName } from '../payslip-format';
import { useAddToBlacklist, useBlacklistCandidates } from '../payslips.api';

type Values = { userId: string; expiresOn: string };

/** The body as the contract reads it: no employee is missing, no day is "until removed". */
function bodyOf(values: Values) {
  return { userId: values.userId ? Number(values.userId) : undefined, expiresOn: values.expiresOn || null };
}

function employeeLabel(employee: PayslipBlacklistCandidate): string {
  return employee.fiscalCode ? `${personName(employee)} · ${employee.fiscalCode}` : personName(employee);
}

export function BlacklistAddModal(props: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={<AddTitle />} centered>
      {props.opened && <AddForm onClose={props.onClose} />}
    </Modal>
  );
}

function AddTitle() {
  const { t } = useTranslation('payslips');
  return <>{t('blacklist.addTitle')}</>;
}

function AddForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['payslips', 'validation', 'errors']);
  const add = useAddToBlacklist();
  const { search, setSearch, debouncedSearch } = useListSearch();
  const employees = useBlacklistCandidates(debouncedSearch);
  // The chosen one stays among the options whatever is searched next.
  const [chosen, setChosen] = useState<PayslipBlacklistCandidate | null>(null);
  const form = useForm<Values>({
    initialValues: { userId: '', expiresOn: '' },
    validate: (values) => validateWith(payslipBlacklistBodySchema, bodyOf(values), t),
  });
  const found = employees.data ?? [];
  const options = [...(chosen && !found.some((each) => each.id === chosen.id) ? [chosen] : []), ...found].map(
    (employee) => ({ value: String(employee.id), label: employeeLabel(employee) }),
  );
  const failure =
    add.error && !(add.error instanceof ApiError && add.error.code === 'validation')
      ? errorMessage(add.error, t)
      : null;

  const submit = form.onSubmit((values) => {
    const body = payslipBlacklistBodySchema.parse(bodyOf(values));
    add.mutate(body, {
      onSuccess: (entry) => {
        notifications.show({ color: 'green', message: t('blacklist.added', { name: personName(entry.employee) }) });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'validation')
          form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label={t('blacklist.employee')}
          placeholder={t('blacklist.employeePlaceholder')}
          required
          searchable
          leftSection={<IconSearch size={16} />}
          data={options}
          // The server searches: the options are its answer, not filtered again here.
          filter={({ options: all }) => all}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={
            employees.isError
              ? errorMessage(employees.error, t)
              : employees.isFetching
                ? t('blacklist.searching')
                : t('blacklist.noEmployee')
          }
          value={form.values.userId || null}
          onChange={(value) => {
            form.setFieldValue('userId', value ?? '');
            setChosen(found.find((each) => String(each.id) === value) ?? chosen);
          }}
          error={form.errors.userId ?? (employees.isError ? errorMessage(employees.error, t) : undefined)}
          data-testid="blacklist-employee"
        />
        <DateInput
          label={t('blacklist.expiresOn')}
          description={t('blacklist.expiresOnHint')}
          valueFormat="DD/MM/YYYY"
          placeholder={t('blacklist.datePlaceholder')}
          dateParser={parseTypedDate}
          // Arabic with Latin digits, as every date in the app is written.
          locale={calendarLocale()}
          firstDayOfWeek={1}
          minDate={businessDate()}
          clearable
          value={form.values.expiresOn || null}
          onChange={(value) => form.setFieldValue('expiresOn', value ?? '')}
          error={form.errors.expiresOn}
          data-testid="blacklist-expires"
        />
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending} data-testid="blacklist-save">
            {t('blacklist.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
