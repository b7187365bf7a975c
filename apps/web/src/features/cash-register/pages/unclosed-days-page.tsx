// Negozio › Giorni non chiusi (shop/cashRegister/unclosed, shops.cashRegister.viewUnclosed): the days with sales
// and no closed report across the shops the user may see, oldest first as the server pages them, filtered by
// shop; each opens its report (created first when missing, for those who may fill it).

import { formatMoney } from '@bottega/contracts/money';
import { ActionIcon, Card, EmptyState, Group, Loader, Pagination, Select, Table, Text, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconConfetti, IconEye, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { PageHeader } from '../../../ui/page-header';
import { listPerPage } from '../../../ui/use-list-page';
import { useAuthUser, useSelectableShops } from '../../auth/auth.api';
import { weekdayOf } from '../cash-day';
import { type UnclosedDay, useUnclosedDays } from '../cash-register.api';
import { CashStatusBadge } from '../components/cash-status-badge';
import { useOpenCashDay } from '../use-open-cash-day';

export default function UnclosedDaysPage() {
  const { t } = useTranslation('cash-register');
  const canFill = useAuthUser().data?.can.includes('shops.cashRegister.dailyClose') ?? false;
  const shops = useSelectableShops(true);
  const [shopId, setShopId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const days = useUnclosedDays({ page, perPage: listPerPage, shopId });
  const { open, pending } = useOpenCashDay();
  const rows = days.data?.data ?? [];
  const total = days.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / listPerPage));

  return (
    <>
      <PageHeader title={t('unclosed.title')} description={t('unclosed.description')} />
      <Card withBorder padding={0}>
        <Group p="md" gap="sm">
          <Select
            label={t('unclosed.shop')}
            placeholder={t('unclosed.allShops')}
            data={(shops.data ?? []).map((shop) => ({ value: String(shop.id), label: shop.name }))}
            value={shopId === null ? null : String(shopId)}
            onChange={(value) => {
              setShopId(value ? Number(value) : null);
              setPage(1);
            }}
            clearable
            searchable
            w={{ base: '100%', sm: 280 }}
            data-testid="unclosed-shop"
          />
        </Group>
        {days.isError ? (
          <Text c="red" p="md" role="alert">
            {errorMessage(days.error, t)}
          </Text>
        ) : days.isPending ? (
          <Group justify="center" p="xl">
            <Loader aria-label={t('report.loading')} />
          </Group>
        ) : rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconConfetti size={32} />}
            title={t('unclosed.empty')}
            description={t('unclosed.emptyHint')}
            data-testid="unclosed-empty"
          />
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table highlightOnHover verticalSpacing="sm" data-testid="unclosed-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('unclosed.columns.shop')}</Table.Th>
                  <Table.Th>{t('month.columns.day')}</Table.Th>
                  <Table.Th>{t('month.columns.status')}</Table.Th>
                  <Table.Th ta="end">{t('month.columns.systemTotal')}</Table.Th>
                  <Table.Th ta="end">{t('month.columns.receipts')}</Table.Th>
                  <Table.Th ta="end">{t('month.columns.enteredTotal')}</Table.Th>
                  <Table.Th>{t('month.columns.fiscalClose')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((day) => (
                  <UnclosedRow
                    key={`${day.shopId}-${day.businessDate}`}
                    day={day}
                    canOpen={day.reportId !== null || canFill}
                    loading={pending?.shopId === day.shopId && pending.businessDate === day.businessDate}
                    onOpen={() => open(day)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between" p="md">
          <Text size="sm" c="dimmed" data-testid="unclosed-total">
            {days.data ? t('unclosed.total', { count: total }) : ''}
          </Text>
          {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
        </Group>
      </Card>
    </>
  );
}

function UnclosedRow(props: { day: UnclosedDay; canOpen: boolean; loading: boolean; onOpen: () => void }) {
  const { t } = useTranslation('cash-register');
  const { day } = props;
  const editable = props.canOpen && day.status !== 'closed';
  const label = day.reportId === null ? t('month.fill') : editable ? t('month.edit') : t('month.open');
  return (
    <Table.Tr data-testid={`unclosed-${day.shopId}-${day.businessDate}`}>
      <Table.Td>
        <Text size="sm" fw={500}>
          <bdi>{day.shopName}</bdi>
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          <bdi>{formatDate(day.businessDate)}</bdi>
        </Text>
        <Text size="xs" c="dimmed">
          {weekdayOf(day.businessDate, currentLanguage())}
        </Text>
      </Table.Td>
      <Table.Td>
        <CashStatusBadge status={day.status} />
      </Table.Td>
      <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
        <Text span size="sm" dir="ltr">
          {formatMoney(day.systemTotalCents)}
        </Text>
      </Table.Td>
      <Table.Td ta="end">{day.receiptsCount}</Table.Td>
      <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
        <Text span size="sm" dir="ltr" c={day.enteredTotalCents === null ? 'dimmed' : undefined}>
          {day.enteredTotalCents === null ? '—' : formatMoney(day.enteredTotalCents)}
        </Text>
      </Table.Td>
      <Table.Td>
        {day.hasFiscalClose ? (
          <Group gap={4} wrap="nowrap" c="teal">
            <IconCircleCheck size={16} aria-hidden />
            <Text size="sm">{t('month.fiscalPresent')}</Text>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap" c="orange">
            <IconCircleX size={16} aria-hidden />
            <Text size="sm">{t('month.fiscalMissing')}</Text>
          </Group>
        )}
      </Table.Td>
      <Table.Td ta="end">
        {props.loading ? (
          <Loader size="xs" />
        ) : (
          props.canOpen && (
            <Tooltip label={label}>
              <ActionIcon
                variant="subtle"
                aria-label={`${label}: ${day.shopName} ${formatDate(day.businessDate)}`}
                onClick={props.onOpen}
                data-testid={`unclosed-open-${day.shopId}-${day.businessDate}`}
              >
                {editable ? <IconPencil size={18} /> : <IconEye size={18} />}
              </ActionIcon>
            </Tooltip>
          )
        )}
      </Table.Td>
    </Table.Tr>
  );
}
