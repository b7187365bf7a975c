// Accountancy › Archivio POS (shops/pos/archive, spec §6 Shops › bank › POS archive): the settlement file's upload,
// then the archive's entries, the month's comparison with the cash reports and the sales, and the files uploaded.
// The filters and the tab live in the address (?tab=&shop=&month=&card=&state=&page=), so a notification's link and
// a reload open the same view.
import '@mantine/dates/styles.css';
import { businessDate } from '@bottega/contracts/dates';
import { type PosEntryState, posEntryStates } from '@bottega/contracts/pos';
import { Group, Select, Stack, Tabs, VisuallyHidden } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconBuildingStore, IconFileTypeCsv, IconListDetails, IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../../../lib/address-params';
import { calendarLocale } from '../../../lib/calendar-locale';
import { PageHeader } from '../../../ui/page-header';
import { useAuthUser, useSelectableShops } from '../../auth/auth.api';
import { PosComparisonCard } from '../components/pos-comparison';
import { PosEntries } from '../components/pos-entries';
import { PosUploadCard } from '../components/pos-upload-card';
import { PosUploads } from '../components/pos-uploads';

const tabs = ['entries', 'comparison', 'uploads'] as const;
type Tab = (typeof tabs)[number];

export default function PosArchivePage() {
  const { t } = useTranslation('pos');
  const user = useAuthUser().data;
  const shops = useSelectableShops(true);
  const [params, changeAddress] = useAddressParams();
  const today = businessDate();
  const choices = shops.data ?? [];
  const shop = choices.find((choice) => choice.id === Number(params.get('shop')));
  const monthParam = params.get('month') ?? '';
  const month = /^\d{4}-\d{2}$/.test(monthParam) ? monthParam : today.slice(0, 7);
  const tabParam = params.get('tab') as Tab;
  const tab: Tab = tabs.includes(tabParam) ? tabParam : 'entries';
  const stateParam = params.get('state') as PosEntryState;
  const state = posEntryStates.includes(stateParam) ? stateParam : undefined;
  const cardType = params.get('card') || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const change = (next: Record<string, string | null>) => changeAddress({ page: null, ...next });
  const ready = !shops.isPending;

  return (
    <>
      <PageHeader title={t('archive.title')} description={t('archive.description')} />
      <Stack gap="lg">
        <PosUploadCard userId={user?.id} />
        <Group gap="sm" align="flex-end">
          <Select
            aria-label={t('fields.shop')}
            leftSection={<IconBuildingStore size={16} />}
            data={[
              { value: '', label: t('filters.allShops') },
              ...choices.map((choice) => ({ value: String(choice.id), label: `${choice.code} · ${choice.name}` })),
            ]}
            value={shop ? String(shop.id) : ''}
            allowDeselect={false}
            searchable
            onChange={(value) => change({ shop: value })}
            w={{ base: '100%', xs: 260 }}
            data-testid="pos-shop"
          />
          <MonthPickerInput
            label={<VisuallyHidden>{t('filters.month')}</VisuallyHidden>}
            value={`${month}-01`}
            onChange={(value) => value && change({ month: value.slice(0, 7) })}
            valueFormat="MMMM YYYY"
            locale={calendarLocale()}
            maxDate={`${today.slice(0, 7)}-01`}
            allowDeselect={false}
            w={{ base: '100%', xs: 190 }}
            data-testid="pos-month"
          />
        </Group>
        <Tabs value={tab} onChange={(value) => change({ tab: value === 'entries' ? null : value })} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="entries" leftSection={<IconListDetails size={16} />} data-testid="pos-tab-entries">
              {t('tabs.entries')}
            </Tabs.Tab>
            <Tabs.Tab value="comparison" leftSection={<IconScale size={16} />} data-testid="pos-tab-comparison">
              {t('tabs.comparison')}
            </Tabs.Tab>
            <Tabs.Tab value="uploads" leftSection={<IconFileTypeCsv size={16} />} data-testid="pos-tab-uploads">
              {t('tabs.uploads')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="entries">
            <PosEntries
              filters={{ shopId: shop?.id, month, cardType, state }}
              page={page}
              enabled={ready}
              onChange={change}
            />
          </Tabs.Panel>
          <Tabs.Panel value="comparison">
            <PosComparisonCard month={month} shopId={shop?.id} enabled={ready} />
          </Tabs.Panel>
          <Tabs.Panel value="uploads">
            <PosUploads />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
