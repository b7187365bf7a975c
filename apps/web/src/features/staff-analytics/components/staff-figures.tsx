// The small pieces both tabs show figures with: a share, pieces per receipt, a change against another period, an
// employee's name (the receipts without one named as such), and a row's figure cells.
import type { StaffFigures, StaffRow } from '@bottega/contracts/staff-analytics';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { Money } from '../../../ui/money';

/** Numbers in the reader's language, Western digits in Arabic as everywhere in the app. */
export function numberLocale(): string {
  const lng = currentLanguage();
  return lng === 'ar' ? 'ar-u-nu-latn' : lng;
}

export function Share({ basisPoints }: { basisPoints: number | null }) {
  if (basisPoints === null) return <span>—</span>;
  return (
    <span dir="ltr">
      {(basisPoints / 10_000).toLocaleString(numberLocale(), {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      })}
    </span>
  );
}

export function Decimal({ value }: { value: number | null }) {
  if (value === null) return <span>—</span>;
  return (
    <span dir="ltr">
      {value.toLocaleString(numberLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
    </span>
  );
}

/** The change in takings against another period: green up, red down, in colours that stay AA on either scheme. */
export function TakingsChange({ now, before }: { now: number; before: number | null }) {
  if (before === null) return <span>—</span>;
  const change = now - before;
  const color =
    change > 0
      ? 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))'
      : change < 0
        ? 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))'
        : undefined;
  return (
    <Text span inherit c={color} fw={600}>
      {change > 0 ? '+' : ''}
      <Money cents={change} />
    </Text>
  );
}

export function EmployeeName({ row }: { row: Pick<StaffRow, 'employeeId' | 'name' | 'matricola'> }) {
  const { t } = useTranslation('staff-analytics');
  return (
    <>
      <Text size="sm" fw={500} fs={row.employeeId === null ? 'italic' : undefined}>
        <bdi>{row.employeeId === null ? t('unassigned') : row.name}</bdi>
      </Text>
      {row.matricola && (
        <Text size="xs" c="dimmed">
          {row.matricola}
        </Text>
      )}
    </>
  );
}

/** The figure columns both tables show, in order; their headings are table.<name>. */
export const figureColumns = [
  'receipts',
  'takings',
  'averageReceipt',
  'piecesPerReceipt',
  'returns',
  'discounts',
  'share',
] as const;

/** A row's figure cells, in figureColumns' order, each labelled for the card layout of narrow screens. */
export function FigureCells({ row }: { row: StaffFigures }) {
  const { t } = useTranslation('staff-analytics');
  const cell = (column: (typeof figureColumns)[number], value: ReactNode) => (
    <Table.Td data-label={t(`table.${column}`)} ta="end">
      {/* One block, so the card layout of narrow screens keeps a figure and its detail together. */}
      <div>{value}</div>
    </Table.Td>
  );
  return (
    <>
      {cell('receipts', row.receipts.toLocaleString(numberLocale()))}
      {cell('takings', <Money cents={row.takingsCents} />)}
      {cell('averageReceipt', row.averageReceiptCents === null ? '—' : <Money cents={row.averageReceiptCents} />)}
      {cell('piecesPerReceipt', <Decimal value={row.piecesPerReceipt} />)}
      {cell(
        'returns',
        <>
          {row.returnsCount.toLocaleString(numberLocale())}
          {row.returnsCents > 0 && (
            <Text size="xs" c="dimmed">
              <Money cents={row.returnsCents} />
            </Text>
          )}
        </>,
      )}
      {cell('discounts', <Money cents={row.discountCents} />)}
      {cell('share', <Share basisPoints={row.shareBasisPoints} />)}
    </>
  );
}
