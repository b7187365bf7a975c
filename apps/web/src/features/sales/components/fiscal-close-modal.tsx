import { formatMoney } from '@bottega/contracts/money';
import { fiscalCloseRecordSchema } from '@bottega/contracts/sales';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { formatDate } from '../../../lib/format-date';
import { parseMoney } from '../../../lib/parse-money';
import {
  emptyFiscalClose,
  emptyVatRow,
  type FiscalCloseFormValues,
  fiscalCloseRecordOf,
  taxOf,
  vatRates,
} from '../fiscal-close-form';
import { useEnterFiscalClose } from '../sales.api';

/** The fiscal close of `day` typed in from the printer's paper Z report; closed when `day` is null. */
export function FiscalCloseModal(props: {
  shopId: number;
  day: string | null;
  deviceSerials: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['sales', 'validation']);
  return (
    <Modal
      opened={props.day !== null}
      onClose={props.onClose}
      title={t('feed.closeForm.title', { date: formatDate(props.day) })}
      size="lg"
      centered
    >
      {props.day && <FiscalCloseForm key={props.day} {...props} day={props.day} />}
    </Modal>
  );
}

function FiscalCloseForm(props: { shopId: number; day: string; deviceSerials: string[]; onClose: () => void }) {
  const { t } = useTranslation(['sales', 'validation']);
  const enter = useEnterFiscalClose(props.shopId);
  const form = useForm<FiscalCloseFormValues>({
    initialValues: emptyFiscalClose(props.day, props.deviceSerials[0] ?? ''),
    validate: (values) => validateWith(fiscalCloseRecordSchema, fiscalCloseRecordOf(values), t),
  });

  // The promise, not mutate's callbacks, which do not run once the stored close has taken this form away.
  const submit = form.onSubmit((values) =>
    enter.mutateAsync(fiscalCloseRecordOf(values)).then(
      (close) => {
        notifications.show({
          color: 'green',
          message: t('feed.closeForm.saved', { date: formatDate(close.businessDate) }),
        });
        props.onClose();
      },
      (error: unknown) => {
        if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    ),
  );

  const field = (name: string) => ({ ...form.getInputProps(name), 'data-testid': `close-${name}` });
  const money = (name: string) => ({
    ...field(name),
    leftSection: '€',
    inputMode: 'decimal' as const,
    dir: 'ltr',
    placeholder: '0,00',
  });
  const refusal = enter.error && !(enter.error instanceof ApiError && enter.error.code === 'validation');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Alert color="blue" variant="light" role="note">
          {t('feed.closeForm.manualNote')}
        </Alert>
        <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ alignItems: 'end' }}>
          <Autocomplete
            label={t('feed.closeForm.deviceSerial')}
            required
            maxLength={40}
            dir="ltr"
            data={props.deviceSerials}
            {...field('deviceSerial')}
          />
          <TextInput label={t('feed.closeForm.businessDate')} type="date" required {...field('businessDate')} />
          <TextInput
            label={t('feed.closeForm.closedAt')}
            description={t('feed.closeForm.closedAtHint')}
            type="time"
            required
            {...field('closedAt')}
          />
          <TextInput
            label={t('feed.closeForm.closeNumber')}
            required
            inputMode="numeric"
            dir="ltr"
            {...field('closeNumber')}
          />
          <TextInput label={t('feed.closeForm.totalCents')} required {...money('totalCents')} />
          <TextInput
            label={t('feed.closeForm.documentsCount')}
            required
            inputMode="numeric"
            dir="ltr"
            {...field('documentsCount')}
          />
          <TextInput label={t('feed.closeForm.returnsCents')} required {...money('returnsCents')} />
          <TextInput label={t('feed.closeForm.cancellationsCents')} required {...money('cancellationsCents')} />
          <TextInput
            label={t('feed.closeForm.electronicPaymentsCents')}
            required
            {...money('electronicPaymentsCents')}
          />
        </SimpleGrid>
        <Divider label={t('feed.closeForm.vatBreakdown')} labelPosition="left" />
        <Text size="xs" c="dimmed">
          {t('feed.closeForm.vatHint')}
        </Text>
        {form.values.vatBreakdown.map((row, index) => {
          const taxable = parseMoney(row.taxableCents);
          const expectedTax = taxable === null || Number.isNaN(taxable) ? null : taxOf(taxable, Number(row.vatRate));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no identity but their place
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-testid={`close-vat-row-${index}`}>
              <Select
                label={t('feed.closeForm.vatRate')}
                allowDeselect={false}
                data={vatRates.map((rate) => ({ value: String(rate), label: `${rate / 100} %` }))}
                w={110}
                {...field(`vatBreakdown.${index}.vatRate`)}
              />
              <TextInput
                label={t('feed.closeForm.taxableCents')}
                style={{ flex: 1 }}
                {...money(`vatBreakdown.${index}.taxableCents`)}
              />
              <TextInput
                label={t('feed.closeForm.taxCents')}
                style={{ flex: 1 }}
                {...money(`vatBreakdown.${index}.taxCents`)}
                placeholder={expectedTax === null ? '0,00' : formatMoney(expectedTax).replace('€ ', '')}
              />
              <Tooltip label={t('feed.closeForm.removeVatRow')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  size="lg"
                  aria-label={t('feed.closeForm.removeVatRow')}
                  onClick={() => form.removeListItem('vatBreakdown', index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          );
        })}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem('vatBreakdown', emptyVatRow())}
            data-testid="close-add-vat-row"
          >
            {t('feed.closeForm.addVatRow')}
          </Button>
        </Group>
        {refusal && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(enter.error, t)}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={enter.isPending} leftSection={<IconDeviceFloppy size={16} />}>
            {t('feed.closeForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
