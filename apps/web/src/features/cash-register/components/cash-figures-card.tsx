import type { CashReport, CashReportCheck, CashReportField, CashReportValues } from '@bottega/contracts/cash-register';
import { formatMoney } from '@bottega/contracts/money';
import { Card, Group, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCheck, IconPrinter } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { ltr } from '../cash-day';
import {
  type CashReportFormValues,
  compareField,
  type FieldComparison,
  isAmountField,
  isFiscalField,
  signedAmount,
  signedCount,
  tidyText,
} from '../cash-report-form';

/** The figures of §3 in the order they are read off the till and the slips, in four groups. */
export const figureGroups: { key: string; fields: CashReportField[] }[] = [
  {
    key: 'takings',
    fields: ['totalCents', 'creditCardCents', 'bancomatCents', 'posSubtotalCents', 'fiscalPosCents', 'vouchersCents'],
  },
  { key: 'returns', fields: ['cancelledCents', 'returnsCents', 'returnedReceiptsCount', 'returnedPiecesCount'] },
  { key: 'cash', fields: ['dailyCashCents', 'cashFundCents'] },
  { key: 'receipts', fields: ['receiptsCount', 'piecesCount', 'loyaltyCustomersCount'] },
];

/**
 * Enter moves to the next input of the same column, as Tab does, so a column of figures (or of notes and
 * coins) is typed straight down without reaching for the mouse.
 */
export function moveDownOnEnter(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const column = event.currentTarget.closest('[data-cash-column]');
  const inputs = [...(column?.querySelectorAll<HTMLInputElement>('input[data-cash-input]') ?? [])].filter(
    (input) => !input.readOnly,
  );
  inputs[inputs.indexOf(event.currentTarget) + 1]?.focus();
}

function shown(field: CashReportField, value: number): string {
  return isAmountField(field) ? formatMoney(value) : String(value);
}

function signed(field: CashReportField, value: number): string {
  return isAmountField(field) ? signedAmount(value) : signedCount(value);
}

/** The difference of a typed figure from what it must equal: a check when equal, the signed amount in red otherwise. */
function Difference({ field, comparison }: { field: CashReportField; comparison: FieldComparison }) {
  const { t } = useTranslation('cash-register');
  if (comparison.difference === null) {
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  }
  if (!comparison.mismatch) {
    return (
      <Group gap={4} c="teal" wrap="nowrap" justify="flex-end" data-testid={`cash-diff-${field}`} data-mismatch="false">
        <IconCheck size={16} aria-hidden />
        <Text span size="sm">
          {t('figures.matches')}
        </Text>
      </Group>
    );
  }
  return (
    <Text
      span
      size="sm"
      fw={700}
      c="red"
      dir="ltr"
      bg="var(--mantine-color-red-light)"
      px={8}
      py={3}
      style={{ borderRadius: 'var(--mantine-radius-xl)', whiteSpace: 'nowrap' }}
      data-testid={`cash-diff-${field}`}
      data-mismatch="true"
      aria-label={t('figures.differenceOf', { difference: ltr(signed(field, comparison.difference)) })}
    >
      {signed(field, comparison.difference)}
    </Text>
  );
}

/** The printer's value of a fiscal figure, in red with its difference from the register when they disagree. */
function Printed({
  field,
  comparison,
  fiscal,
}: {
  field: CashReportField;
  comparison: FieldComparison;
  fiscal: CashReport['fiscal'];
}) {
  const { t } = useTranslation('cash-register');
  if (!isFiscalField(field)) return null;
  if (!fiscal || comparison.fiscal === null) {
    return (
      <Text span size="sm" c="orange">
        {t('figures.fiscalAbsent')}
      </Text>
    );
  }
  const value = (
    <Text
      span
      size="sm"
      dir="ltr"
      c={comparison.fiscalMismatch ? 'red' : undefined}
      fw={comparison.fiscalMismatch ? 700 : undefined}
      data-testid={`cash-fiscal-${field}`}
      data-mismatch={comparison.fiscalMismatch}
    >
      {formatMoney(comparison.fiscal)}
    </Text>
  );
  if (!comparison.fiscalMismatch || comparison.fiscalDifference === null) return value;
  const difference = signedAmount(comparison.fiscalDifference);
  return (
    <Tooltip label={t('figures.fiscalDiffers', { difference: ltr(difference) })}>
      <Group gap={6} wrap="nowrap" justify="flex-end">
        {value}
        <Text span size="xs" fw={700} c="red" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
          ({difference})
        </Text>
      </Group>
    </Tooltip>
  );
}

/**
 * Every figure of the day: what is typed, the system register's value beside it, the difference (red when it
 * is not zero) and, for the fiscal figures, the fiscal printer's close. Differences follow the typing.
 */
export function CashFiguresCard(props: {
  report: CashReport;
  form: UseFormReturnType<CashReportFormValues>;
  values: CashReportValues;
  check: CashReportCheck;
  readOnly: boolean;
}) {
  const { t } = useTranslation('cash-register');
  const { report, form, values, check, readOnly } = props;
  const { fiscal } = report;

  return (
    <Card withBorder padding={0} data-cash-column="figures">
      <Group p="md" pb="xs" justify="space-between" align="flex-start" gap="xs">
        <div>
          <Title order={2} size="h4">
            {t('figures.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('figures.description')}
          </Text>
        </div>
        {fiscal && (
          <Group gap={6} wrap="nowrap" data-testid="cash-fiscal-close">
            <IconPrinter size={18} aria-hidden />
            <Text size="xs" c="dimmed">
              {t('figures.fiscalClose', {
                number: ltr(fiscal.closeNumber),
                serial: ltr(fiscal.deviceSerial),
                source: t(`fiscalSource.${fiscal.source}`),
                time: ltr(formatDateTime(fiscal.closedAt)),
              })}
            </Text>
          </Group>
        )}
      </Group>
      <ResponsiveTable verticalSpacing={6} data-testid="cash-figures">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('figures.columns.field')}</Table.Th>
            <Table.Th w={170}>{t('figures.columns.entered')}</Table.Th>
            <Table.Th ta="end">{t('figures.columns.system')}</Table.Th>
            <Table.Th ta="end">{t('figures.columns.difference')}</Table.Th>
            <Table.Th ta="end">{t('figures.columns.fiscal')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {figureGroups.map((group) => (
          <Table.Tbody key={group.key}>
            <Table.Tr>
              <Table.Td colSpan={5} bg="var(--mantine-color-default-hover)" py={4}>
                <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                  {t(`figures.groups.${group.key}`)}
                </Text>
              </Table.Td>
            </Table.Tr>
            {group.fields.map((field) => (
              <FigureRow
                key={field}
                field={field}
                report={report}
                form={form}
                comparison={compareField({ field, values, system: report.system, fiscal, check })}
                posSubtotalAdds={check.posSubtotalAdds}
                readOnly={readOnly}
              />
            ))}
          </Table.Tbody>
        ))}
      </ResponsiveTable>
    </Card>
  );
}

function FigureRow(props: {
  field: CashReportField;
  report: CashReport;
  form: UseFormReturnType<CashReportFormValues>;
  comparison: FieldComparison;
  posSubtotalAdds: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation('cash-register');
  const { field, report, form, comparison, readOnly } = props;
  const path = `values.${field}`;
  const id = `cash-field-${field}`;
  const amount = isAmountField(field);
  const formError = form.errors[path];
  const sumError = field === 'posSubtotalCents' && !props.posSubtotalAdds ? t('figures.posSubtotalAdds') : null;
  const hint =
    field === 'dailyCashCents' && report.expensesCents > 0
      ? t('figures.hints.dailyCashExpenses', { expenses: ltr(formatMoney(report.expensesCents)) })
      : field === 'fiscalPosCents'
        ? t('figures.hints.fiscalPos')
        : field === 'cashFundCents'
          ? t('figures.hints.cashFund')
          : null;

  return (
    <Table.Tr data-testid={`cash-row-${field}`} data-mismatch={comparison.mismatch || undefined}>
      <Table.Td>
        <Text component="label" htmlFor={id} size="sm" fw={500}>
          {t(`fields.${field}`)}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label={t('figures.columns.entered')}>
        <TextInput
          id={id}
          size="sm"
          value={form.values.values[field]}
          onChange={(event) => form.setFieldValue(path, event.currentTarget.value)}
          onBlur={(event) => {
            const tidy = tidyText(field, event.currentTarget.value);
            if (tidy !== form.values.values[field]) form.setFieldValue(path, tidy);
            if (form.errors[path]) form.validateField(path);
          }}
          onKeyDown={moveDownOnEnter}
          error={formError ?? sumError ?? comparison.mismatch}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          inputMode={amount ? 'decimal' : 'numeric'}
          leftSection={amount ? '€' : undefined}
          placeholder={amount ? '0,00' : '0'}
          autoComplete="off"
          dir="ltr"
          styles={{ input: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' } }}
          data-cash-input
          data-testid={id}
          aria-invalid={Boolean(formError || sumError || comparison.mismatch)}
        />
      </Table.Td>
      <Table.Td
        ta="end"
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        data-label={t('figures.columns.system')}
      >
        {comparison.system === null ? (
          <Text span c="dimmed" size="sm">
            —
          </Text>
        ) : (
          <Text span size="sm" dir="ltr" data-testid={`cash-system-${field}`}>
            {shown(field, comparison.system)}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }} data-label={t('figures.columns.difference')}>
        <Difference field={field} comparison={comparison} />
      </Table.Td>
      <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }} data-label={t('figures.columns.fiscal')}>
        <Printed field={field} comparison={comparison} fiscal={report.fiscal} />
      </Table.Td>
    </Table.Tr>
  );
}
