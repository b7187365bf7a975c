// Adds a transport document to the RM or MF register: its date, number and serial number (the series printed beside
// the number, "123/DDT"), checked with the contract's schema as the server does.
import '@mantine/dates/styles.css';
import { type DocumentCheckType, documentCheckBodySchema } from '@bottega/contracts/logistics';
import { Alert, Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { parseTypedDate } from '../../profile/components/profile-field-input';
import { useAddDocumentCheck } from '../documents.api';

type Values = { date: string; number: number | ''; serialNumber: string };

function bodyOf(values: Values) {
  return {
    date: values.date || undefined,
    number: values.number === '' ? undefined : values.number,
    serialNumber: values.serialNumber.trim().toUpperCase(),
  };
}

export function DocumentCheckAddModal(props: { type: DocumentCheckType; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('documents');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('add.title')} centered>
      {props.opened && <AddForm type={props.type} onClose={props.onClose} />}
    </Modal>
  );
}

function AddForm({ type, onClose }: { type: DocumentCheckType; onClose: () => void }) {
  const { t } = useTranslation(['documents', 'validation', 'errors']);
  const add = useAddDocumentCheck(type);
  const form = useForm<Values>({
    initialValues: { date: '', number: '', serialNumber: '' },
    validate: (values) => validateWith(documentCheckBodySchema, bodyOf(values), t),
  });
  const failure =
    add.error && !(add.error instanceof ApiError && add.error.code === 'validation')
      ? errorMessage(add.error, t)
      : null;

  const submit = form.onSubmit((values) => {
    add.mutate(documentCheckBodySchema.parse(bodyOf(values)), {
      onSuccess: (document) => {
        notifications.show({
          color: 'green',
          message: t('add.done', { number: `${document.number}/${document.serialNumber}` }),
        });
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
        <DateInput
          label={t('fields.date')}
          valueFormat="DD/MM/YYYY"
          placeholder={t('add.datePlaceholder')}
          dateParser={parseTypedDate}
          locale={calendarLocale()}
          firstDayOfWeek={1}
          required
          value={form.values.date || null}
          onChange={(value) => form.setFieldValue('date', value ?? '')}
          error={form.errors.date}
          data-testid="document-date"
        />
        <NumberInput
          label={t('fields.number')}
          required
          min={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('number')}
          data-testid="document-number"
        />
        <TextInput
          label={t('fields.serialNumber')}
          description={t('add.serialHint')}
          required
          maxLength={20}
          {...form.getInputProps('serialNumber')}
          data-testid="document-serial"
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
          <Button type="submit" loading={add.isPending} data-testid="document-save">
            {t('add.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
