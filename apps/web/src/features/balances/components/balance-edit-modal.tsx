// Correcting a month-end balance: the amount and the reason (required), then a confirmation naming the old and the new
// amount before anything is saved; the server's refusal shows in place.
import type { BalanceMonthRow } from '@bottega/contracts/balances';
import { monthDays } from '@bottega/contracts/dates';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors } from '../../../lib/form-validation';
import { formatDate } from '../../../lib/format-date';
import { moneyInText } from '../../../ui/money';
import {
  type BalanceEditValues,
  balanceEditBodyOf,
  balanceEditFormOf,
  validateBalanceEdit,
} from '../balance-edit-form';
import { useEditBalance } from '../balances.api';

export function BalanceEditModal(props: { balance: BalanceMonthRow; onClose: () => void }) {
  const { t } = useTranslation(['balances', 'validation', 'errors', 'common']);
  const { balance } = props;
  const save = useEditBalance(balance.id);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<BalanceEditValues>({
    initialValues: balanceEditFormOf(balance.amountCents),
    validate: (values) => validateBalanceEdit(values, t),
  });
  const shop = `${balance.shopCode} · ${balance.shopName}`;
  const date = formatDate(monthDays(balance.date.slice(0, 7)).to);
  const body = balanceEditBodyOf(form.values);

  const confirm = () =>
    save.mutate(body, {
      onSuccess: (saved) => {
        notifications.show({
          color: 'green',
          message: t('edit.saved', { shop, amount: moneyInText(saved.amountCents) }),
        });
        props.onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'validation') {
          const { amountCents, ...errors } = firstFieldErrors(error.fieldErrors);
          form.setErrors(amountCents ? { ...errors, amount: amountCents } : errors);
          setConfirming(false);
        }
      },
    });
  const refusal = save.error && !(save.error instanceof ApiError && save.error.code === 'validation');

  return (
    <Modal opened onClose={props.onClose} title={t('edit.title', { shop, date })} centered>
      {confirming ? (
        <Stack gap="md" data-testid="balance-edit-confirm">
          <Text>
            {t('edit.confirmMessage', {
              shop,
              date,
              from: moneyInText(balance.amountCents),
              to: moneyInText(body.amountCents),
            })}
          </Text>
          <Text size="sm" c="dimmed" dir="auto">
            {body.reason.trim()}
          </Text>
          {refusal && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(save.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('edit.back')}
            </Button>
            <Button loading={save.isPending} onClick={confirm} data-testid="balance-edit-save">
              {t('edit.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(() => setConfirming(true))} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('edit.computed')}: <bdi>{moneyInText(balance.computedCents)}</bdi>
            </Text>
            <TextInput
              label={t('edit.amount')}
              required
              leftSection="€"
              inputMode="decimal"
              dir="ltr"
              placeholder="0,00"
              {...form.getInputProps('amount')}
              data-testid="balance-edit-amount"
            />
            <Textarea
              label={t('edit.reason')}
              description={t('edit.reasonHint')}
              required
              autosize
              minRows={2}
              maxRows={5}
              maxLength={500}
              dir="auto"
              {...form.getInputProps('reason')}
              data-testid="balance-edit-reason"
            />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={props.onClose}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} data-testid="balance-edit-next">
                {t('edit.next')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
