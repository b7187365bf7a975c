// Accounting corrects a cost incurred before convalidating it: the amount (at most what its authorisation leaves for
// it) and the comments. Checked before sending; the server checks again and its refusal stays in the dialog.
import type { CostIncurred } from '@bottega/contracts/expenses';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors } from '../../../lib/form-validation';
import { formatDate } from '../../../lib/format-date';
import { moneyInText } from '../../../ui/money';
import { type CostFormValues, costBodyOf, costFormOf, costMaxCents, validateCostForm } from '../cost-incurred-form';
import { useUpdateCost } from '../costs-incurred.api';

export function CostEditModal(props: { cost: CostIncurred; onClose: () => void }) {
  const { t } = useTranslation(['expenses', 'validation', 'errors']);
  const { cost } = props;
  const save = useUpdateCost(cost.id);
  const maxCents = costMaxCents(cost);
  const form = useForm<CostFormValues>({
    initialValues: costFormOf(cost),
    validate: (values) => validateCostForm(values, maxCents, t),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(costBodyOf(values), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('costs.edit.saved') });
        props.onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          const { amountCents, ...rest } = firstFieldErrors(error.fieldErrors);
          form.setErrors(amountCents ? { ...rest, amount: amountCents } : rest);
        }
      },
    }),
  );
  const refusal = save.error && !(save.error instanceof ApiError && save.error.code === 'validation');
  return (
    <Modal opened onClose={props.onClose} title={t('costs.edit.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            <bdi>{`${formatDate(cost.date)} · ${cost.shopCode} · ${cost.authorisation.description}`}</bdi>
          </Text>
          <TextInput
            label={t('costs.edit.amount')}
            description={t('costs.edit.left', { amount: moneyInText(maxCents) })}
            required
            leftSection="€"
            inputMode="decimal"
            dir="ltr"
            placeholder="0,00"
            {...form.getInputProps('amount')}
            data-testid="cost-field-amount"
          />
          <Textarea
            label={t('costs.edit.comments')}
            autosize
            minRows={2}
            maxLength={500}
            dir="auto"
            {...form.getInputProps('comments')}
            data-testid="cost-field-comments"
          />
          {refusal && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(save.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('costs.edit.cancel')}
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              leftSection={<IconDeviceFloppy size={16} />}
              data-testid="cost-save"
            >
              {t('costs.edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
