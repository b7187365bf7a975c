// Ranks › ranks/position/add: a ranked shop's month — the shop and each competitor by priority with its position
// (1–999; ties allowed, as real rankings have them; empty removes one entered before) — and the upload of the ranking
// portal's file, with an example to fill in.

import { businessDate, shiftMonth } from '@bottega/contracts/dates';
import { type PeriodPositions, rankPositionMax } from '@bottega/contracts/rankings';
import { Alert, Button, Card, Group, NumberInput, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { PageHeader } from '../../../ui/page-header';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { RankedShopSelect } from '../components/ranked-shop-select';
import { RankingUploadCard } from '../components/ranking-upload-card';
import { usePeriodPositions, useRankedShops, useSavePositions } from '../rankings.api';

type Entry = { position: number | string; score: number | string };

const entriesOf = (positions: PeriodPositions): Entry[] =>
  positions.rows.map((row) => ({ position: row.position ?? '', score: row.score ?? '' }));

const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));

/** The shop's row and each competitor's, with what is typed in them. */
function PositionsTable(props: { positions: PeriodPositions }) {
  const { t } = useTranslation('rankings');
  const save = useSavePositions();
  const [entries, setEntries] = useState<Entry[]>(() => entriesOf(props.positions));
  // What was typed gives way to what the server answers: another month's positions, or the ones just saved.
  useEffect(() => setEntries(entriesOf(props.positions)), [props.positions]);
  const change = (index: number, field: keyof Entry, value: number | string) =>
    setEntries((current) => current.map((entry, at) => (at === index ? { ...entry, [field]: value } : entry)));
  const fieldError = (index: number) =>
    save.error instanceof ApiError ? save.error.fieldErrors[`rows.${index}.position`]?.[0] : undefined;

  const submit = () =>
    save.mutate(
      {
        shopId: props.positions.shopId,
        period: props.positions.period,
        rows: props.positions.rows.map((row, index) => ({
          competitorId: row.competitorId,
          position: numberOrNull(entries[index]?.position ?? ''),
          score: numberOrNull(entries[index]?.score ?? ''),
        })),
      },
      { onSuccess: () => notifications.show({ color: 'green', message: t('positions.saved') }) },
    );

  return (
    <Card withBorder padding={0}>
      {props.positions.rows.length === 1 && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} m="md" data-testid="positions-no-competitors">
          {t('positions.noCompetitors')}{' '}
          <Link to={`/app/ranks/competitors/create?shopId=${props.positions.shopId}`}>{t('create')}</Link>
        </Alert>
      )}
      <ResponsiveTable verticalSpacing="sm" data-testid="positions-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('positions.subject')}</Table.Th>
            <Table.Th>{t('positions.position')}</Table.Th>
            <Table.Th>{t('positions.score')}</Table.Th>
            <Table.Th>{t('positions.entered')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.positions.rows.map((row, index) => (
            <Table.Tr key={row.competitorId ?? 'shop'} data-testid={`positions-row-${row.competitorId ?? 'shop'}`}>
              <Table.Td>
                <Text fw={row.competitorId === null ? 700 : 500}>
                  <bdi>{row.name}</bdi>
                </Text>
                <Text size="xs" c="dimmed">
                  {row.competitorId === null
                    ? t('positions.theShop')
                    : t('positions.priority', { priority: row.priority })}
                </Text>
              </Table.Td>
              <Table.Td data-label={t('positions.position')}>
                <NumberInput
                  aria-label={t('positions.positionOf', { name: row.name })}
                  min={1}
                  max={rankPositionMax}
                  allowDecimal={false}
                  allowNegative={false}
                  value={entries[index]?.position ?? ''}
                  onChange={(value) => change(index, 'position', value)}
                  error={fieldError(index)}
                  w={110}
                  data-testid={`position-${row.competitorId ?? 'shop'}`}
                />
              </Table.Td>
              <Table.Td data-label={t('positions.score')}>
                <NumberInput
                  aria-label={t('positions.scoreOf', { name: row.name })}
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  thousandSeparator="."
                  decimalSeparator=","
                  value={entries[index]?.score ?? ''}
                  onChange={(value) => change(index, 'score', value)}
                  w={140}
                />
              </Table.Td>
              <Table.Td data-label={t('positions.entered')}>
                <Text size="sm" c="dimmed">
                  {row.enteredAt
                    ? // Whoever entered it may have left since (their account deleted): then only when.
                      t(`positions.sources.${row.source ?? 'manual'}${row.enteredBy ? '' : 'Unknown'}`, {
                        by: row.enteredBy,
                        at: formatDateTime(row.enteredAt),
                      })
                    : '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      <Stack gap="sm" p="md">
        {save.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('positions.ties')}
          </Text>
          <Button
            onClick={submit}
            loading={save.isPending}
            leftSection={<IconDeviceFloppy size={16} />}
            data-testid="positions-save"
          >
            {t('positions.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export default function PositionsPage() {
  const { t } = useTranslation(['rankings', 'errors']);
  const [params, setParams] = useSearchParams();
  const shops = useRankedShops();
  const thisMonth = businessDate().slice(0, 7);
  const periodParam = params.get('period') ?? '';
  // The portals publish a month once it is over: the last one is the default.
  const period = /^\d{4}-(0[1-9]|1[0-2])$/.test(periodParam) ? periodParam : shiftMonth(thisMonth, -1);
  const shopParam = Number(params.get('shopId'));
  const shopId = shops.data?.find((shop) => shop.id === shopParam)?.id ?? shops.data?.[0]?.id ?? null;
  const positions = usePeriodPositions(shopId, period);
  const change = (next: Record<string, string>) =>
    setParams({ shopId: String(shopId ?? ''), period, ...next }, { replace: true });

  return (
    <>
      <PageHeader title={t('positions.title')} description={t('positions.description')} />
      <Stack gap="lg">
        <Group gap="sm" align="flex-end">
          <RankedShopSelect
            shops={shops.data}
            value={shopId}
            onChange={(value) => change({ shopId: String(value ?? '') })}
            testId="positions-shop"
          />
          <MonthPickerInput
            label={t('month')}
            value={`${period}-01`}
            onChange={(value) => value && change({ period: value.slice(0, 7) })}
            valueFormat="MMMM YYYY"
            locale={calendarLocale()}
            maxDate={`${thisMonth}-01`}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
            data-testid="positions-month"
          />
        </Group>
        {shops.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(shops.error, t)}
          </Alert>
        ) : shops.data?.length === 0 ? (
          <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="positions-no-shops">
            {t('noRankedShops')}
          </Alert>
        ) : positions.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(positions.error, t)}
          </Alert>
        ) : !positions.data ? (
          <Skeleton h={260} data-testid="positions-loading" />
        ) : (
          <>
            <Title order={2} size="h4">
              {t('positions.monthOf', {
                shop: positions.data.rows[0]?.name ?? '',
                month: `${period.slice(5)}/${period.slice(0, 4)}`,
              })}
            </Title>
            <PositionsTable positions={positions.data} />
            <RankingUploadCard positions={positions.data} />
          </>
        )}
      </Stack>
    </>
  );
}
