import '@mantine/dates/styles.css';
import { businessDate } from '@bottega/contracts/dates';
import type { ProfileField } from '@bottega/contracts/profile';
import { TextInput, Tooltip, useDirection } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { calendarLocale } from '../../../lib/calendar-locale';
import { formatDate } from '../../../lib/format-date';

export type ProfileFormValues = Partial<Record<ProfileField, string>>;

type FieldLook = {
  autoComplete?: string;
  maxLength?: number;
  type?: 'email' | 'tel';
  inputMode?: 'numeric';
  /** Codes and numbers read left to right in every language. */
  ltr?: boolean;
};

const looks: Record<ProfileField, FieldLook> = {
  name: { autoComplete: 'given-name', maxLength: 100 },
  surname: { autoComplete: 'family-name', maxLength: 100 },
  email: { autoComplete: 'email', type: 'email', maxLength: 254, ltr: true },
  phone: { autoComplete: 'tel', type: 'tel', maxLength: 30, ltr: true },
  fiscalCode: { autoComplete: 'off', maxLength: 24, ltr: true },
  birthday: { autoComplete: 'bday' },
  identityCardNumber: { autoComplete: 'off', maxLength: 30, ltr: true },
  address: { autoComplete: 'street-address', maxLength: 200 },
  city: { autoComplete: 'address-level2', maxLength: 100 },
  cap: { autoComplete: 'postal-code', maxLength: 5, inputMode: 'numeric', ltr: true },
  iban: { autoComplete: 'off', maxLength: 42, ltr: true },
  bic: { autoComplete: 'off', maxLength: 11, ltr: true },
  bankName: { autoComplete: 'off', maxLength: 100 },
  depositCardNumber: { autoComplete: 'off', maxLength: 50, ltr: true },
};

/** dayjs locales for the calendar; Arabic with Latin digits, as every date in the app is written. */

/** Reads what people type into the birthday: DD/MM/YYYY (also with - or .), or YYYY-MM-DD. */
export function parseTypedDate(value: string): string | null {
  const italian = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(value);
  const iso = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$/.exec(value);
  const [year, month, day] = italian
    ? [italian[3], italian[2], italian[1]]
    : iso
      ? [iso[1], iso[2], iso[3]]
      : [undefined, undefined, undefined];
  if (!year || !month || !day) return null;
  const text = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : null;
}

/** One personal or bank field: an input, or, when the office keeps it, its value read-only with a lock. */
export function ProfileFieldInput({
  field,
  form,
  locked,
  required,
  description,
}: {
  field: ProfileField;
  form: UseFormReturnType<ProfileFormValues>;
  locked: boolean;
  required?: boolean;
  description?: string;
}) {
  const { t } = useTranslation('profile');
  const { dir } = useDirection();
  const look = looks[field];
  const label = t(`fields.${field}`);
  const testId = `field-${field}`;
  // Codes keep their left-to-right order, but sit on the reading side like every other value.
  const styles = look.ltr
    ? { input: { direction: 'ltr' as const, textAlign: dir === 'rtl' ? ('right' as const) : ('left' as const) } }
    : undefined;

  if (locked) {
    const value = form.values[field] ?? '';
    return (
      <TextInput
        label={label}
        description={description}
        value={field === 'birthday' ? formatDate(value) : value}
        placeholder={t('notSet')}
        readOnly
        variant="filled"
        styles={styles}
        rightSection={
          <Tooltip label={t('locked')} withArrow>
            <IconLock size={16} aria-label={t('locked')} role="img" />
          </Tooltip>
        }
        data-testid={testId}
        data-locked="true"
      />
    );
  }

  const inputProps = form.getInputProps(field);
  if (field === 'birthday') {
    return (
      <DateInput
        label={label}
        required={required}
        valueFormat="DD/MM/YYYY"
        placeholder={t('datePlaceholder')}
        dateParser={parseTypedDate}
        locale={calendarLocale()}
        firstDayOfWeek={1}
        defaultLevel="decade"
        // Most people were born long before this decade: the calendar opens nearer to them.
        defaultDate={inputProps.value ? undefined : '1990-01-01'}
        maxDate={businessDate()}
        minDate="1900-01-01"
        autoComplete={look.autoComplete}
        {...inputProps}
        value={(inputProps.value as string) || null}
        onChange={(value) => form.setFieldValue(field, value ?? '')}
        data-testid={testId}
      />
    );
  }
  return (
    <TextInput
      label={label}
      description={description}
      required={required}
      autoComplete={look.autoComplete}
      maxLength={look.maxLength}
      type={look.type}
      inputMode={look.inputMode}
      styles={styles}
      {...inputProps}
      data-testid={testId}
    />
  );
}
