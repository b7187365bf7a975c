// Entering or changing an expense paid from the till: which authorisation of management it goes on (only
// those usable on the report's day, with what is left of each), the amount and a comment. The amount is checked
// against what is left before sending; the server checks again and its refusal stays in the dialog.
import type { Expense, ExpenseAuthorisation } from '@bottega/contracts/expenses';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors } from '../../../lib/form-validation';
import { formatDate } from '../../../lib/format-date';
import { Money, moneyInText } from '../../../ui/money';
import { useSaveExpense } from '../expenses.api';
import {
  type ExpenseFormValues,
  expenseAuthorisationChoices,
  expenseBodyOf,
  expenseFormErrorsOf,
  expenseFormOf,
  validateExpenseForm,
} from './expense-form';

/** `expense` null enters a new one; the dialog is closed while `opened` is false. */
export function ExpenseModal(props: {
  opened: boolean;
  reportId: number;
  shopId: number;
  expense: Expense | null;
  /** The shop's authorisations usable on the report's day. */
  authorisations: ExpenseAuthorisation[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['expenses', 'validation', 'errors']);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.expense ? t('form.editTitle') : t('form.newTitle')}
      centered
    >
      {props.opened && <ExpenseForm key={props.expense?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

function ExpenseForm(props: {
  reportId: number;
  shopId: number;
  expense: Expense | null;
  authorisations: ExpenseAuthorisation[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['expenses', 'validation', 'errors']);
  const save = useSaveExpense(props.reportId, props.shopId, props.expense?.id ?? null);
  const choices = expenseAuthorisationChoices(props.authorisations, props.expense);
  const form = useForm<ExpenseFormValues>({
    initialValues: {
      ...expenseFormOf(props.expense),
      // With one authorisation only, it is the one.
      ...(props.expense === null && choices.length === 1 ? { authorisationId: String(choices[0]?.id) } : {}),
    },
    validate: (values) => validateExpenseForm(values, choices, t),
  });
  const chosen = choices.find((choice) => String(choice.id) === form.values.authorisationId);

  const submit = form.onSubmit((values) =>
    save.mutate(expenseBodyOf(values), {
      onSuccess: (expense) => {
        notifications.show({
          color: 'green',
          message: t(props.expense ? 'form.updated' : 'form.added', { amount: moneyInText(expense.amountCents) }),
        });
        props.onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(expenseFormErrorsOf(firstFieldErrors(error.fieldErrors)));
      },
    }),
  );
  const refusal = save.error && !(save.error instanceof ApiError && save.error.code === 'validation');

  if (choices.length === 0) {
    return (
      <Stack>
        <Alert color="yellow" icon={<IconAlertCircle size={18} />} data-testid="expense-no-authorisation">
          {t('noAuthorisation')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('form.close')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label={t('form.authorisation')}
          placeholder={t('form.authorisationPlaceholder')}
          required
          allowDeselect={false}
          data={choices.map((choice) => ({
            value: String(choice.id),
            label: t('form.authorisationOption', {
              description: choice.description,
              left: moneyInText(choice.leftCents),
            }),
          }))}
          value={form.values.authorisationId || null}
          onChange={(value) => form.setFieldValue('authorisationId', value ?? '')}
          error={form.errors.authorisationId}
          data-testid="expense-field-authorisationId"
        />
        {chosen && (
          <Text size="sm" c="dimmed" data-testid="expense-left">
            {t('form.left')} <Money cents={chosen.leftCents} /> ·{' '}
            {t('form.validTo', { date: formatDate(chosen.validTo) })}
          </Text>
        )}
        <TextInput
          label={t('form.amount')}
          required
          leftSection="€"
          inputMode="decimal"
          dir="ltr"
          placeholder="0,00"
          {...form.getInputProps('amount')}
          data-testid="expense-field-amount"
        />
        <Textarea
          label={t('form.comments')}
          autosize
          minRows={2}
          maxLength={500}
          dir="auto"
          {...form.getInputProps('comments')}
          data-testid="expense-field-comments"
        />
        {refusal && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="expense-error">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            loading={save.isPending}
            leftSection={<IconDeviceFloppy size={16} />}
            data-testid="expense-save"
          >
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
