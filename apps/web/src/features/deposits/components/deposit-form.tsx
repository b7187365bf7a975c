// The deposit form, shared by the shop's "record a deposit" page and accounting's correction: the shop, then the
// employee who carried the cash (one of that shop's people, with their deposit card), the day, the amount and a note.
// Saving waits until a shop and an employee are chosen (§5); choosing another shop clears the employee.
import '@mantine/dates/styles.css';
import type { Deposit } from '@bottega/contracts/deposits';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors } from '../../../lib/form-validation';
import { moneyInText } from '../../../ui/money';
import { parseTypedDate } from '../../profile/components/profile-field-input';
import {
  type DepositFormValues,
  depositBodyOf,
  depositFormErrorsOf,
  depositFormOf,
  depositFormReady,
  validateDepositForm,
} from '../deposit-form';
import { useDepositCarriers, useSaveDeposit } from '../deposits.api';

export function DepositForm(props: {
  /** The deposit to correct; null records a new one. */
  deposit: Deposit | null;
  shops: { id: number; code: string; name: string }[];
  defaultShopId: number | null;
  today: string;
  onSaved: (deposit: Deposit) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['deposits', 'validation', 'errors', 'common']);
  const save = useSaveDeposit(props.deposit?.id ?? null);
  const form = useForm<DepositFormValues>({
    initialValues: depositFormOf(props.deposit, { shopId: props.defaultShopId, today: props.today }),
    validate: (values) => validateDepositForm(values, t),
  });
  const shopId = form.values.shopId === '' ? null : Number(form.values.shopId);
  const carriers = useDepositCarriers(shopId);
  const carrier = carriers.data?.find((person) => String(person.id) === form.values.carriedBy);

  const submit = form.onSubmit((values) =>
    save.mutate(depositBodyOf(values), {
      onSuccess: (deposit) => {
        notifications.show({
          color: 'green',
          message: t(props.deposit ? 'form.updated' : 'form.created', {
            amount: moneyInText(deposit.amountCents),
            shop: deposit.shopName,
          }),
        });
        if (!props.deposit) form.setValues({ amount: '', comments: '' });
        props.onSaved(deposit);
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(depositFormErrorsOf(firstFieldErrors(error.fieldErrors)));
      },
    }),
  );
  const refusal = save.error && !(save.error instanceof ApiError && save.error.code === 'validation');
  const field = (name: keyof DepositFormValues) => ({
    ...form.getInputProps(name),
    'data-testid': `deposit-field-${name}`,
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('fields.shop')}
            required
            searchable
            allowDeselect={false}
            data={props.shops.map((shop) => ({ value: String(shop.id), label: `${shop.code} · ${shop.name}` }))}
            {...field('shopId')}
            value={form.values.shopId || null}
            onChange={(value) => {
              form.setFieldValue('shopId', value ?? '');
              form.setFieldValue('carriedBy', '');
            }}
          />
          <Select
            label={t('fields.carriedBy')}
            description={t('form.carriedByHint')}
            required
            searchable
            disabled={shopId === null}
            placeholder={shopId === null ? t('form.chooseShopFirst') : t('form.chooseCarrier')}
            nothingFoundMessage={t('form.noCarriers')}
            data={(carriers.data ?? []).map((person) => ({
              value: String(person.id),
              label: person.cardNumber ? `${person.name} · ${person.cardNumber}` : person.name,
            }))}
            {...field('carriedBy')}
            // None chosen is null to the select: an empty text would leave the last name in the box.
            value={form.values.carriedBy || null}
            onChange={(value) => form.setFieldValue('carriedBy', value ?? '')}
          />
        </SimpleGrid>
        {carrier && carrier.cardNumber === '' && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="deposit-no-card">
            {t('form.noCard', { name: carrier.name })}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateInput
            label={t('fields.date')}
            required
            valueFormat="DD/MM/YYYY"
            dateParser={parseTypedDate}
            locale={calendarLocale()}
            firstDayOfWeek={1}
            maxDate={props.today}
            {...field('date')}
            value={form.values.date || null}
            onChange={(value) => form.setFieldValue('date', value ?? '')}
          />
          <TextInput
            label={t('fields.amount')}
            required
            leftSection="€"
            inputMode="decimal"
            dir="ltr"
            placeholder="0,00"
            {...field('amount')}
          />
        </SimpleGrid>
        <Textarea
          label={t('fields.comments')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={500}
          dir="auto"
          {...field('comments')}
        />
        {refusal && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        <Group justify="space-between" mt="xs">
          <Text size="xs" c="dimmed">
            {depositFormReady(form.values) ? '' : t('form.readyHint')}
          </Text>
          <Group gap="xs">
            {props.onCancel && (
              <Button variant="default" onClick={props.onCancel}>
                {t('common:actions.cancel')}
              </Button>
            )}
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!depositFormReady(form.values)}
              leftSection={<IconDeviceFloppy size={16} />}
              data-testid="deposit-save"
            >
              {t(props.deposit ? 'form.saveChanges' : 'form.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
