// A shop's month (shop/manage/budget/:shopId?month=YYYY-MM): the sales budget with the §5 rounding prompt, the average
// receipt and pieces-per-receipt targets, a copy from last year raised or lowered by a percentage, and the days beside
// last year's same weekday. Which one drives is said on the screen: typing the month spreads it again over the open
// days by last year's weekday shape; typing a day changes the month, which becomes the days' sum. Saved, then sent to
// the shop (after a confirmation); a sent or confirmed budget saved with changes must be sent again.
import {
  type BudgetBody,
  type BudgetMonth,
  fromLastYear,
  roundingOptions,
  spreadBudget,
  withDayEdited,
} from '@bottega/contracts/budgets';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCopy, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { parseMoney } from '../../../lib/parse-money';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { Money, moneyInText } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { UnsavedChangesGuard } from '../../../ui/unsaved-changes-guard';
import { useBudgetMonth, useSaveBudget, useSendBudget } from '../budgets.api';
import { asTyped } from '../components/budget-progress';
import { budgetStateColor, useChosenMonth } from './budgets-page';

const weekdayOf = (date: string) =>
  new Intl.DateTimeFormat(currentLanguage(), { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
const monthName = (month: string) =>
  new Intl.DateTimeFormat(currentLanguage(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );

/** A typed amount's cents, or null when it is not one (empty counts as 0). */
function centsOf(text: string): number | null {
  const cents = parseMoney(text);
  if (cents === null) return 0;
  return Number.isNaN(cents) || cents < 0 ? null : cents;
}

function BudgetEditor({ budget }: { budget: BudgetMonth }) {
  const { t } = useTranslation(['budgets', 'errors']);
  const shop = `${budget.shopCode} · ${budget.shopName}`;
  const [sales, setSales] = useState(asTyped(budget.salesCents));
  const [days, setDays] = useState(budget.days.map((day) => ({ date: day.date, cents: day.cents })));
  const [dayTexts, setDayTexts] = useState<Record<string, string>>(
    Object.fromEntries(budget.days.map((day) => [day.date, asTyped(day.cents)])),
  );
  const [daysTyped, setDaysTyped] = useState(false);
  const [average, setAverage] = useState(asTyped(budget.averageReceiptCents));
  const [pieces, setPieces] = useState(asTyped(budget.piecesPerReceipt));
  const [notes, setNotes] = useState(budget.notes);
  const [percent, setPercent] = useState<number | string>(0);
  const [dirty, setDirty] = useState(false);
  // The rounding prompt answers the month being typed: it goes once one of its amounts is taken, and the amount kept
  // by the server (already chosen) does not ask again.
  const [prompting, setPrompting] = useState(false);
  const [sending, setSending] = useState(false);
  const save = useSaveBudget(budget.shopId, budget.month);
  const send = useSendBudget();

  const salesCents = centsOf(sales);
  const averageCents = centsOf(average);
  const piecesHundredths = centsOf(pieces);
  const offers = prompting && salesCents !== null && salesCents > 0 ? roundingOptions(salesCents) : [];
  const badDay = Object.values(dayTexts).some((text) => centsOf(text) === null);
  const valid = salesCents !== null && averageCents !== null && piecesHundredths !== null && !badDay;
  const sendable = !dirty && (budget.state === 'created' || budget.state === 'edited');

  /** The month typed drives: its days spread again over the open days by last year's shape. */
  const spreadMonth = (cents: number) => {
    const spread = spreadBudget({ totalCents: cents, days: budget.days, shape: budget.shape });
    setDays(spread);
    setDayTexts(Object.fromEntries(spread.map((day) => [day.date, asTyped(day.cents)])));
    setDaysTyped(false);
    setDirty(true);
  };
  const typeMonth = (text: string) => {
    setSales(text);
    setPrompting(true);
    const cents = centsOf(text);
    if (cents !== null) spreadMonth(cents);
  };
  /** A day typed drives: the month becomes the days' sum. */
  const typeDay = (date: string, text: string) => {
    setDayTexts((current) => ({ ...current, [date]: text }));
    setDirty(true);
    const cents = centsOf(text);
    if (cents === null) return;
    const next = withDayEdited(days, date, cents);
    setDays(next.days);
    setSales(asTyped(next.totalCents));
    setDaysTyped(true);
  };
  const copyLastYear = () => {
    const by = typeof percent === 'number' ? percent : 0;
    setPrompting(false);
    setSales(asTyped(fromLastYear(budget.lastYear.takingsCents, by)));
    setAverage(asTyped(fromLastYear(budget.lastYear.averageReceiptCents, by)));
    setPieces(asTyped(fromLastYear(budget.lastYear.piecesPerReceipt, by)));
    spreadMonth(fromLastYear(budget.lastYear.takingsCents, by));
  };

  const submit = () => {
    if (!valid) return;
    const targets = { averageReceiptCents: averageCents, piecesPerReceipt: piecesHundredths, notes };
    const body: BudgetBody = daysTyped ? { days, ...targets } : { salesCents, ...targets };
    save.mutate(body, {
      onSuccess: () => {
        setDirty(false);
        notifications.show({ color: 'teal', message: t('edit.saved', { shop }) });
      },
    });
  };
  const confirmSend = () =>
    send.mutate(
      { shopId: budget.shopId, month: budget.month },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('edit.sentDone', { shop }) });
          setSending(false);
        },
      },
    );

  return (
    <Stack gap="md">
      <UnsavedChangesGuard dirty={dirty} />
      <Group gap="xs">
        <Badge color={budgetStateColor[budget.state]} variant="light" size="lg" data-testid="budget-state">
          {t(`states.${budget.state}`)}
        </Badge>
        {budget.sent && (
          <Text size="sm" c="dimmed">
            {t('edit.sentBy', { name: budget.sent.by ?? '', date: formatDate(budget.sent.at.slice(0, 10)) })}
          </Text>
        )}
        {budget.confirmed && (
          <Text size="sm" c="dimmed">
            {t('edit.confirmedBy', {
              name: budget.confirmed.by ?? '',
              date: formatDate(budget.confirmed.at.slice(0, 10)),
            })}
          </Text>
        )}
      </Group>
      {(budget.state === 'edited' || budget.state === 'created') && (
        <Alert color="yellow" data-testid="budget-to-send">
          {t(budget.state === 'edited' ? 'edit.editedHint' : 'edit.createdHint')}
        </Alert>
      )}
      <Card withBorder radius="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('fields.sales')}
              description={t('fields.salesHint')}
              leftSection="€"
              inputMode="decimal"
              dir="ltr"
              value={sales}
              onChange={(event) => typeMonth(event.currentTarget.value)}
              error={salesCents === null ? t('fields.invalidAmount') : undefined}
              data-testid="budget-sales"
            />
            <TextInput
              label={t('fields.averageReceipt')}
              description={t('fields.lastYearValue', { value: moneyInText(budget.lastYear.averageReceiptCents) })}
              leftSection="€"
              inputMode="decimal"
              dir="ltr"
              value={average}
              onChange={(event) => {
                setAverage(event.currentTarget.value);
                setDirty(true);
              }}
              error={averageCents === null ? t('fields.invalidAmount') : undefined}
              data-testid="budget-average"
            />
            <TextInput
              label={t('fields.pieces')}
              description={t('fields.lastYearValue', { value: asTyped(budget.lastYear.piecesPerReceipt) })}
              inputMode="decimal"
              dir="ltr"
              value={pieces}
              onChange={(event) => {
                setPieces(event.currentTarget.value);
                setDirty(true);
              }}
              error={piecesHundredths === null ? t('fields.invalidAmount') : undefined}
              data-testid="budget-pieces"
            />
          </SimpleGrid>
          {offers.length > 0 && (
            <Group gap="xs" data-testid="budget-rounding" role="group" aria-label={t('rounding.title')}>
              <Text size="sm">{t('rounding.title')}</Text>
              {offers.map((offer) => (
                <Button
                  key={offer}
                  variant="light"
                  size="compact-sm"
                  onClick={() => {
                    setSales(asTyped(offer));
                    setPrompting(false);
                    spreadMonth(offer);
                  }}
                  data-testid="budget-round"
                >
                  <Money cents={offer} />
                </Button>
              ))}
            </Group>
          )}
          <Group gap="xs" align="flex-end">
            <Text size="sm" c="dimmed">
              {t('lastYear.summary', { month: monthName(budget.lastYear.month) })}{' '}
              <Money cents={budget.lastYear.takingsCents} testId="budget-last-year" />
            </Text>
          </Group>
          <Group gap="xs" align="flex-end">
            <NumberInput
              label={t('copy.percent')}
              value={percent}
              onChange={setPercent}
              min={-100}
              max={1000}
              suffix=" %"
              w={140}
              dir="ltr"
              data-testid="budget-copy-percent"
            />
            <Button
              variant="default"
              leftSection={<IconCopy size={16} />}
              onClick={copyLastYear}
              data-testid="budget-copy"
            >
              {t('copy.action')}
            </Button>
          </Group>
          <Textarea
            label={t('fields.notes')}
            value={notes}
            onChange={(event) => {
              setNotes(event.currentTarget.value);
              setDirty(true);
            }}
            autosize
            minRows={2}
            maxLength={500}
            dir="auto"
            data-testid="budget-notes"
          />
        </Stack>
      </Card>
      {/* Before the days: within reach without scrolling past a month of them. */}
      {save.error && (
        <Alert color="red" role="alert">
          {errorMessage(save.error, t)}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={submit}
          disabled={!valid || !dirty}
          loading={save.isPending}
          data-testid="budget-save"
        >
          {t('edit.save')}
        </Button>
        <Button
          color="blue"
          variant="outline"
          leftSection={<IconSend size={16} />}
          disabled={!sendable}
          onClick={() => {
            send.reset();
            setSending(true);
          }}
          data-testid="budget-send"
        >
          {t('edit.send')}
        </Button>
      </Group>
      <Card withBorder radius="md" p={0}>
        <Text size="sm" c="dimmed" p="sm">
          {t(daysTyped ? 'days.drivenByDays' : 'days.drivenByMonth')}
        </Text>
        <ResponsiveTable verticalSpacing={6} data-testid="budget-days">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('days.date')}</Table.Th>
              <Table.Th>{t('days.lastYear')}</Table.Th>
              <Table.Th>{t('days.budget')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {budget.days.map((day) => (
              <Table.Tr key={day.date} data-testid={`budget-day-${day.date}`}>
                <Table.Td>
                  <Text size="sm" fw={600} span>
                    {`${weekdayOf(day.date)} ${formatDate(day.date)}`}
                  </Text>{' '}
                  {!day.open && (
                    <Badge color="gray" variant="light" size="sm">
                      {t('days.closed')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td data-label={t('days.lastYear')}>
                  <Text size="sm" span>
                    {`${weekdayOf(day.lastYearDate)} ${formatDate(day.lastYearDate)}`}
                  </Text>{' '}
                  <Money cents={day.lastYearCents} />
                </Table.Td>
                <Table.Td data-label={t('days.budget')}>
                  <TextInput
                    aria-label={t('days.budgetOf', { date: formatDate(day.date) })}
                    leftSection="€"
                    inputMode="decimal"
                    dir="ltr"
                    size="sm"
                    miw={120}
                    value={dayTexts[day.date] ?? ''}
                    onChange={(event) => typeDay(day.date, event.currentTarget.value)}
                    error={centsOf(dayTexts[day.date] ?? '') === null ? t('fields.invalidAmount') : undefined}
                    data-testid="budget-day-input"
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      </Card>
      <ConfirmModal
        opened={sending}
        title={t('edit.sendTitle')}
        message={t('edit.sendMessage', { shop, month: monthName(budget.month) })}
        confirmLabel={t('edit.send')}
        loading={send.isPending}
        error={send.error ? errorMessage(send.error, t) : null}
        onConfirm={confirmSend}
        onClose={() => setSending(false)}
      />
    </Stack>
  );
}

export default function BudgetEditPage() {
  const { t } = useTranslation('budgets');
  const shopId = Number(useParams().shopId);
  const [month] = useChosenMonth();
  const budget = useBudgetMonth(shopId, month);
  const shop = budget.data ? `${budget.data.shopCode} · ${budget.data.shopName}` : '';
  return (
    <>
      <PageHeader
        title={budget.data ? t('edit.heading', { shop, month: monthName(month) }) : t('edit.title')}
        description={t('edit.description')}
        actions={
          <Anchor component={Link} to={`/app/shop/manage/budget?month=${month}`} size="sm">
            <IconArrowBackUp size={14} aria-hidden /> {t('edit.back')}
          </Anchor>
        }
      />
      {budget.data ? (
        // A save or a send gives a new budget: the form starts again from what the server keeps.
        <BudgetEditor
          key={`${budget.data.state} ${budget.data.edited?.at ?? budget.data.created?.at ?? ''}`}
          budget={budget.data}
        />
      ) : (
        <QueryPlaceholder query={budget} />
      )}
    </>
  );
}
