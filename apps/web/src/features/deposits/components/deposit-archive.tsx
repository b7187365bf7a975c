// A month of deposits with its sum, paged on the server: the shop's archive (its own shops, one at a time) and
// accounting's (every shop it reaches, or one), filtered by state. The filters live in the address (?shop=&month=&state=)
// so a link from the weekly cash opens the right month.
import '@mantine/dates/styles.css';
import { businessDate } from '@bottega/contracts/dates';
import type { DepositState } from '@bottega/contracts/deposits';
import {
  Alert,
  Card,
  EmptyState,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Skeleton,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconAlertCircle, IconBuildingBank, IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../../../lib/address-params';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { DownloadButton } from '../../../ui/download-button';
import { Money } from '../../../ui/money';
import { listPerPage } from '../../../ui/use-list-page';
import { useAuthUser, useSelectableShops } from '../../auth/auth.api';
import { downloadDeposits, useDeposits } from '../deposits.api';
import { DepositsTable } from './deposits-table';

type StateFilter = DepositState | 'all';

export function DepositArchive(props: { scope: 'shop' | 'all' }) {
  const { t } = useTranslation(['deposits', 'errors']);
  const user = useAuthUser().data;
  const shops = useSelectableShops(true);
  const [params, changeAddress] = useAddressParams();
  const today = businessDate();
  const choices = shops.data ?? [];
  const asked = Number(params.get('shop'));
  const chosen = choices.find((shop) => shop.id === asked);
  // The shop's archive is always of one shop: the asked one, the session's, or the first.
  const shop =
    props.scope === 'shop'
      ? (chosen ?? choices.find((candidate) => candidate.id === user?.shop?.id) ?? choices[0] ?? null)
      : (chosen ?? null);
  const monthParam = params.get('month') ?? '';
  const month = /^\d{4}-\d{2}$/.test(monthParam) ? monthParam : today.slice(0, 7);
  const stateParam = params.get('state');
  const state: StateFilter = stateParam === 'entered' || stateParam === 'convalidated' ? stateParam : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const change = (next: Record<string, string | null>) => changeAddress({ ...next, page: next.page ?? null });
  const waitingForShop = props.scope === 'shop' && shop === null;
  const deposits = useDeposits(
    { shopId: shop?.id, month, state: state === 'all' ? undefined : state },
    page,
    !shops.isPending && !waitingForShop,
  );
  const rows = deposits.data?.data ?? [];
  const total = deposits.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / listPerPage));

  return (
    <Card withBorder padding={0}>
      <Group p="md" gap="sm" align="flex-end" justify="space-between">
        <Group gap="sm" align="flex-end">
          <Select
            aria-label={t('fields.shop')}
            leftSection={<IconBuildingStore size={16} />}
            data={[
              ...(props.scope === 'all' ? [{ value: '', label: t('archive.allShops') }] : []),
              ...choices.map((choice) => ({ value: String(choice.id), label: `${choice.code} · ${choice.name}` })),
            ]}
            value={shop ? String(shop.id) : ''}
            allowDeselect={false}
            searchable
            onChange={(value) => change({ shop: value })}
            w={{ base: '100%', xs: 260 }}
            data-testid="deposits-shop"
          />
          <MonthPickerInput
            label={<VisuallyHidden>{t('archive.month')}</VisuallyHidden>}
            value={`${month}-01`}
            onChange={(value) => value && change({ month: value.slice(0, 7) })}
            valueFormat="MMMM YYYY"
            locale={calendarLocale()}
            maxDate={`${today.slice(0, 7)}-01`}
            allowDeselect={false}
            w={190}
            data-testid="deposits-month"
          />
          <SegmentedControl
            value={state}
            onChange={(value) => change({ state: value === 'all' ? null : value })}
            data={[
              { value: 'all', label: t('archive.states.all') },
              { value: 'entered', label: t('states.entered') },
              { value: 'convalidated', label: t('states.convalidated') },
            ]}
            data-testid="deposits-state"
          />
        </Group>
        {deposits.data && (
          <Group gap="sm">
            <Text size="sm" data-testid="deposits-total">
              {t('archive.total', { count: deposits.data.totals.count })} ·{' '}
              <Text span fw={700} inherit>
                <Money cents={deposits.data.totals.amountCents} />
              </Text>
            </Text>
            {deposits.data.totals.count > 0 && (
              <DownloadButton
                download={() =>
                  downloadDeposits(
                    { shopId: shop?.id, month, state: state === 'all' ? undefined : state },
                    `${t('export.fileName')}-${month}.csv`,
                  )
                }
                label={t('export.download')}
                fileName={`${t('export.fileName')}-${month}.csv`}
                testId="deposits-export"
              >
                {t('export.download')}
              </DownloadButton>
            )}
          </Group>
        )}
      </Group>
      {deposits.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" m="md">
          {errorMessage(deposits.error, t)}
        </Alert>
      ) : shops.isPending || deposits.isPending ? (
        <Skeleton h={160} m="md" w="auto" />
      ) : rows.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconBuildingBank size={32} />}
          title={t('archive.empty')}
          description={t('archive.emptyHint')}
          data-testid="deposits-empty"
        />
      ) : (
        <DepositsTable deposits={rows} shops={choices} today={today} showShop={props.scope === 'all'} />
      )}
      {pages > 1 && (
        <Group justify="center" p="md">
          <Pagination value={page} total={pages} onChange={(next) => change({ page: String(next) })} />
        </Group>
      )}
    </Card>
  );
}
