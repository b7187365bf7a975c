// Management authorises a shop to pay an expense from the till: what for, up to how much, between which days.
// The shop's staff then enter what they paid in the daily cash report, within what is left.
import '@mantine/dates/styles.css';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors } from '../../../lib/form-validation';
import { moneyInText } from '../../../ui/money';
import { parseTypedDate } from '../../profile/components/profile-field-input';
import { useCreateExpenseAuthorisation } from '../expenses.api';
import {
  type ExpenseAuthorisationFormValues,
  emptyExpenseAuthorisationForm,
  expenseAuthorisationBodyOf,
  expenseAuthorisationFormErrorsOf,
  validateExpenseAuthorisationForm,
} from './expense-form';

export function ExpenseAuthorisationModal(props: {
  opened: boolean;
  shopId: number;
  shopName: string;
  today: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['expenses', 'validation', 'errors']);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('authorisations.newTitle', { shop: props.shopName })}
      centered
    >
      {props.opened && <AuthorisationForm {...props} />}
    </Modal>
  );
}

function AuthorisationForm(props: { shopId: number; today: string; onClose: () => void }) {
  const { t } = useTranslation(['expenses', 'validation', 'errors']);
  const create = useCreateExpenseAuthorisation(props.shopId);
  const form = useForm<ExpenseAuthorisationFormValues>({
    initialValues: emptyExpenseAuthorisationForm(props.today),
    validate: (values) => validateExpenseAuthorisationForm(values, t),
  });
  const submit = form.onSubmit((values) =>
    create.mutate(expenseAuthorisationBodyOf(values), {
      onSuccess: (authorisation) => {
        notifications.show({
          color: 'green',
          message: t('authorisations.created', {
            description: authorisation.description,
            amount: moneyInText(authorisation.maxAmountCents),
          }),
        });
        props.onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          form.setErrors(expenseAuthorisationFormErrorsOf(firstFieldErrors(error.fieldErrors)));
        }
      },
    }),
  );
  const field = (name: keyof ExpenseAuthorisationFormValues) => ({
    ...form.getInputProps(name),
    'data-testid': `authorisation-field-${name}`,
  });
  const refusal = create.error && !(create.error instanceof ApiError && create.error.code === 'validation');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('authorisations.fields.description')}
          description={t('authorisations.fields.descriptionHint')}
          required
          maxLength={200}
          dir="auto"
          {...field('description')}
        />
        <TextInput
          label={t('authorisations.fields.maxAmount')}
          required
          leftSection="€"
          inputMode="decimal"
          dir="ltr"
          placeholder="0,00"
          {...field('maxAmount')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {(['validFrom', 'validTo'] as const).map((name) => (
            <DateInput
              key={name}
              label={t(`authorisations.fields.${name}`)}
              required
              valueFormat="DD/MM/YYYY"
              placeholder={t('authorisations.fields.datePlaceholder')}
              dateParser={parseTypedDate}
              // Arabic with Latin digits, as every date in the app is written.
              locale={calendarLocale()}
              firstDayOfWeek={1}
              minDate={name === 'validTo' ? form.values.validFrom || undefined : undefined}
              {...field(name)}
              value={form.values[name] || null}
              onChange={(value) => form.setFieldValue(name, value ?? '')}
            />
          ))}
        </SimpleGrid>
        {refusal && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(create.error, t)}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            loading={create.isPending}
            leftSection={<IconDeviceFloppy size={16} />}
            data-testid="authorisation-save"
          >
            {t('authorisations.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
