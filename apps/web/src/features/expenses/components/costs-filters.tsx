// The shop and month the costs screens show, kept in the address (?shop=&month=&page=) so a link opens the same list.
import '@mantine/dates/styles.css';
import { businessDate } from '@bottega/contracts/dates';
import { Select, VisuallyHidden } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconBuildingStore, IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../../../lib/address-params';
import { calendarLocale } from '../../../lib/calendar-locale';
import { useSelectableShops } from '../../auth/auth.api';

export function useCostFilters(options: { monthRequired: boolean }) {
  const shops = useSelectableShops(true);
  const [params, changeAddress] = useAddressParams();
  const today = businessDate();
  const choices = shops.data ?? [];
  const shop = choices.find((each) => each.id === Number(params.get('shop'))) ?? null;
  const monthParam = params.get('month') ?? '';
  const month = /^\d{4}-\d{2}$/.test(monthParam) ? monthParam : options.monthRequired ? today.slice(0, 7) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const change = (next: Record<string, string | null>) => changeAddress({ ...next, page: next.page ?? null });
  return { shops, choices, shop, month, page, change, today };
}

export function CostFilters(props: {
  filters: ReturnType<typeof useCostFilters>;
  /** The convalidation list may show every month; the archive is of one. */
  anyMonth?: boolean;
}) {
  const { t } = useTranslation('expenses');
  const { choices, shop, month, change, today } = props.filters;
  return (
    <>
      <Select
        aria-label={t('costs.filters.shop')}
        leftSection={<IconBuildingStore size={16} />}
        data={[
          { value: '', label: t('costs.filters.allShops') },
          ...choices.map((choice) => ({ value: String(choice.id), label: `${choice.code} · ${choice.name}` })),
        ]}
        value={shop ? String(shop.id) : ''}
        allowDeselect={false}
        searchable
        onChange={(value) => change({ shop: value })}
        w={{ base: '100%', xs: 260 }}
        data-testid="costs-shop"
      />
      <MonthPickerInput
        label={<VisuallyHidden>{t('costs.filters.month')}</VisuallyHidden>}
        leftSection={<IconCalendar size={16} />}
        value={month ? `${month}-01` : null}
        onChange={(value) => change({ month: value ? value.slice(0, 7) : null })}
        valueFormat="MMMM YYYY"
        locale={calendarLocale()}
        maxDate={`${today.slice(0, 7)}-01`}
        allowDeselect={props.anyMonth === true}
        clearable={props.anyMonth === true}
        w={190}
        data-testid="costs-month"
      />
    </>
  );
}
