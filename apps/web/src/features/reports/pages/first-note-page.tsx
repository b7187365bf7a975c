// Accountancy › Prima nota (report/firstNote, spec §6 Shops › analytics › first note): one shop's cash book for a month
// or a day — takings by payment type from the closed reports, till expenses, deposits with their bank credits, cash
// fund — with the opening, the running balance of cash to deposit and the closing, and the documents behind each
// line. Export as CSV or XLSX; a print view (the page alone). Shop, view and period live in the address.
import '@mantine/dates/styles.css';
import { businessDate, monthDays } from '@bottega/contracts/dates';
import type { FirstNoteDay } from '@bottega/contracts/reports';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { DateInput, MonthPickerInput } from '@mantine/dates';
import { IconAlertCircle, IconBuildingStore, IconNotebook, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddressParams } from '../../../lib/address-params';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { DownloadButton } from '../../../ui/download-button';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import classes from '../../../ui/print.module.css';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useSelectableShops } from '../../auth/auth.api';
import { parseTypedDate } from '../../profile/components/profile-field-input';
import { downloadFirstNote, useFirstNote } from '../reports.api';

const moneyColumns = [
  'total',
  'cash',
  'creditCard',
  'bancomat',
  'vouchers',
  'other',
  'expenses',
  'deposits',
  'cashFund',
  'balance',
] as const;

type MoneyColumn = (typeof moneyColumns)[number];

function cellCents(day: FirstNoteDay, column: MoneyColumn): number | null {
  const closed = day.reportStatus === 'closed';
  switch (column) {
    case 'total':
      return closed ? day.totalCents : null;
    case 'cash':
      return closed ? day.cashCents : null;
    case 'creditCard':
      return closed ? day.creditCardCents : null;
    case 'bancomat':
      return closed ? day.bancomatCents : null;
    case 'vouchers':
      return closed ? day.vouchersCents : null;
    case 'other':
      return closed ? day.otherCents : null;
    case 'expenses':
      return day.expensesCents;
    case 'deposits':
      return day.depositsCents;
    case 'cashFund':
      return day.cashFundCents;
    case 'balance':
      return day.balanceCents;
  }
}

/** The documents behind a day: its cash report, its expenses, its deposits with the bank credits they arrived in. */
function Documents(props: { day: FirstNoteDay; shopId: number }) {
  const { t } = useTranslation('reports');
  const { day } = props;
  return (
    <Stack gap={2}>
      {day.reportId !== null && (
        <Anchor component={Link} to={`/app/shop/cashRegister/${day.reportId}/edit`} size="xs">
          {t('firstNote.documents.report')} #{day.reportId}
        </Anchor>
      )}
      {day.expenses.map((expense) => (
        <Text key={expense.id} size="xs">
          {expense.description} · <Money cents={expense.amountCents} />
        </Text>
      ))}
      {day.deposits.map((deposit) => (
        <Text key={deposit.id} size="xs">
          <Anchor component={Link} to={`/app/shops/cashToDeposit/${props.shopId}/${day.date}`} size="xs">
            {t('firstNote.documents.deposit')} #{deposit.id}
          </Anchor>{' '}
          <Badge size="xs" variant="light" color={deposit.state === 'convalidated' ? 'teal' : 'orange'}>
            {t(`firstNote.depositStates.${deposit.state}`)}
          </Badge>{' '}
          {deposit.bankLines.length > 0
            ? deposit.bankLines.map((line) => (
                <Text span size="xs" key={line.id}>
                  {`${t('firstNote.documents.bank')} ${formatDate(line.bookingDate)} `}
                  <Money cents={line.amountCents} />
                </Text>
              ))
            : deposit.state === 'convalidated' && (
                <Text span size="xs" c="dimmed">
                  {t('firstNote.documents.noBank')}
                </Text>
              )}
        </Text>
      ))}
    </Stack>
  );
}

export default function FirstNotePage() {
  const { t } = useTranslation(['reports', 'errors']);
  const shops = useSelectableShops(true);
  const [params, change] = useAddressParams();
  const today = businessDate();
  const choices = shops.data ?? [];
  const shop = choices.find((choice) => choice.id === Number(params.get('shop'))) ?? choices[0];
  const view = params.get('view') === 'day' ? 'day' : 'month';
  const monthParam = params.get('month') ?? '';
  const month = /^\d{4}-\d{2}$/.test(monthParam) ? monthParam : today.slice(0, 7);
  const dayParam = params.get('day') ?? '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(dayParam) && dayParam <= today ? dayParam : today;
  const period = view === 'day' ? { from: day, to: day } : monthDays(month);
  const answer = useFirstNote(shop?.id, period.from, period.to);
  const note = answer.data;
  const fileBase = `${t('firstNote.fileName')}-${shop?.code ?? ''}-${period.from}_${period.to}`;

  return (
    <div className={classes.sheet}>
      <PageHeader
        title={t('firstNote.title')}
        description={t('firstNote.description')}
        actions={
          shop && (
            <Group gap="xs" className={classes.noPrint}>
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                onClick={() => window.print()}
                data-testid="first-note-print"
              >
                {t('firstNote.print')}
              </Button>
              <DownloadButton
                label={t('firstNote.exportCsv')}
                fileName={`${fileBase}.csv`}
                download={() => downloadFirstNote(shop.id, period, 'csv', `${fileBase}.csv`)}
              >
                {t('firstNote.exportCsv')}
              </DownloadButton>
              <DownloadButton
                label={t('firstNote.exportXlsx')}
                fileName={`${fileBase}.xlsx`}
                download={() => downloadFirstNote(shop.id, period, 'xlsx', `${fileBase}.xlsx`)}
              >
                {t('firstNote.exportXlsx')}
              </DownloadButton>
            </Group>
          )
        }
      />
      <Stack gap="lg">
        <Group gap="sm" align="flex-end" className={classes.noPrint}>
          <Select
            label={t('firstNote.shop')}
            leftSection={<IconBuildingStore size={16} />}
            data={choices.map((choice) => ({ value: String(choice.id), label: `${choice.code} · ${choice.name}` }))}
            value={shop ? String(shop.id) : null}
            allowDeselect={false}
            searchable
            onChange={(value) => change({ shop: value })}
            w={{ base: '100%', xs: 260 }}
            data-testid="first-note-shop"
          />
          <SegmentedControl
            aria-label={t('firstNote.view')}
            data={[
              { value: 'month', label: t('firstNote.views.month') },
              { value: 'day', label: t('firstNote.views.day') },
            ]}
            value={view}
            onChange={(value) => change({ view: value === 'day' ? 'day' : null })}
            data-testid="first-note-view"
          />
          {view === 'month' ? (
            <MonthPickerInput
              label={t('firstNote.month')}
              value={`${month}-01`}
              onChange={(value) => value && change({ month: value.slice(0, 7) })}
              valueFormat="MMMM YYYY"
              locale={calendarLocale()}
              maxDate={`${today.slice(0, 7)}-01`}
              allowDeselect={false}
              w={{ base: '100%', xs: 190 }}
              data-testid="first-note-month"
            />
          ) : (
            <DateInput
              label={t('firstNote.day')}
              valueFormat="DD/MM/YYYY"
              dateParser={parseTypedDate}
              locale={calendarLocale()}
              firstDayOfWeek={1}
              maxDate={today}
              value={day}
              onChange={(value) => value && change({ day: value })}
              w={{ base: '100%', xs: 170 }}
              data-testid="first-note-day"
            />
          )}
        </Group>
        {!shop && !shops.isPending ? (
          <EmptyState py="xl" icon={<IconNotebook size={32} />} title={t('firstNote.chooseShop')} />
        ) : answer.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(answer.error, t)}
          </Alert>
        ) : !note ? (
          <Skeleton h={300} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {(
                [
                  ['opening', note.openingCents],
                  ['closing', note.closingCents],
                  ['openingFund', note.openingFundCents],
                  ['closingFund', note.closingFundCents],
                ] as const
              ).map(([key, cents]) => (
                <Card withBorder key={key} padding="sm">
                  <Text size="sm" c="dimmed">
                    {t(`firstNote.${key}`)}
                  </Text>
                  <Text fz="lg" fw={700} data-testid={`first-note-${key}`}>
                    <Money cents={cents} />
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
            <Card withBorder padding={0}>
              <Text fw={600} px="md" pt="sm">
                <bdi>{`${note.shop.code} · ${note.shop.name}`}</bdi>
                {' — '}
                <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                  {note.from === note.to ? formatDate(note.from) : `${formatDate(note.from)} – ${formatDate(note.to)}`}
                </span>
              </Text>
              {note.days.length === 0 ? (
                <EmptyState py="xl" icon={<IconNotebook size={32} />} title={t('firstNote.empty')} />
              ) : (
                <ResponsiveTable verticalSpacing={4} fz="xs" data-testid="first-note-days">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('firstNote.columns.date')}</Table.Th>
                      {moneyColumns.map((column) => (
                        <Table.Th key={column} ta="end">
                          {t(`firstNote.columns.${column}`)}
                        </Table.Th>
                      ))}
                      <Table.Th>{t('firstNote.columns.documents')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {note.days.map((row) => (
                      <Table.Tr key={row.date} data-testid={`first-note-day-${row.date}`}>
                        <Table.Td>
                          <Text size="xs" fw={600}>
                            {formatDate(row.date)}
                          </Text>
                          {row.reportStatus !== null && row.reportStatus !== 'closed' && (
                            <Badge size="xs" variant="light" color="orange">
                              {t('firstNote.notClosed')}
                            </Badge>
                          )}
                        </Table.Td>
                        {moneyColumns.map((column) => {
                          const cents = cellCents(row, column);
                          return (
                            <Table.Td
                              key={column}
                              ta="end"
                              fw={column === 'balance' ? 600 : undefined}
                              data-label={t(`firstNote.columns.${column}`)}
                            >
                              {cents === null ? '—' : <Money cents={cents} />}
                            </Table.Td>
                          );
                        })}
                        <Table.Td data-label={t('firstNote.columns.documents')}>
                          <Documents day={row} shopId={note.shop.id} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                    <Table.Tr data-testid="first-note-totals">
                      <Table.Td fw={700}>{t('firstNote.totals')}</Table.Td>
                      {moneyColumns.map((column) => {
                        const cents =
                          column === 'cashFund'
                            ? note.closingFundCents
                            : column === 'balance'
                              ? note.closingCents
                              : note.totals[`${column}Cents`];
                        return (
                          <Table.Td key={column} ta="end" fw={700} data-label={t(`firstNote.columns.${column}`)}>
                            <Money cents={cents} />
                          </Table.Td>
                        );
                      })}
                      <Table.Td />
                    </Table.Tr>
                  </Table.Tbody>
                </ResponsiveTable>
              )}
              <Text size="xs" c="dimmed" p="md">
                {t('firstNote.balanceHint')}
              </Text>
            </Card>
          </>
        )}
      </Stack>
    </div>
  );
}
