import type { ShopSummary } from '@bottega/contracts/auth';
import { Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The shop filter of the check list and the archive: all the viewer's shops, or one. */
export function InvoiceShopSelect(props: {
  shops: ShopSummary[];
  value: number | undefined;
  onChange: (shopId: string | null) => void;
}) {
  const { t } = useTranslation('invoices');
  return (
    <Select
      aria-label={t('filters.shop')}
      leftSection={<IconBuildingStore size={16} />}
      data={[
        { value: '', label: t('filters.allShops') },
        ...props.shops.map((shop) => ({ value: String(shop.id), label: `${shop.code} · ${shop.name}` })),
      ]}
      value={props.value ? String(props.value) : ''}
      allowDeselect={false}
      searchable
      onChange={props.onChange}
      w={{ base: '100%', xs: 260 }}
      data-testid="invoices-shop"
    />
  );
}
