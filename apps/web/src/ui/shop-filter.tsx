import type { ShopSummary } from '@bottega/contracts/auth';
import { Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A list's shop filter (invoices, tickets): all the viewer's shops, or one. */
export function ShopFilter(props: {
  shops: ShopSummary[];
  value: number | undefined;
  onChange: (shopId: string | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('shopFilter.label')}
      leftSection={<IconBuildingStore size={16} />}
      data={[
        { value: '', label: t('shopFilter.all') },
        ...props.shops.map((shop) => ({ value: String(shop.id), label: `${shop.code} · ${shop.name}` })),
      ]}
      value={props.value ? String(props.value) : ''}
      allowDeselect={false}
      searchable
      onChange={props.onChange}
      w={{ base: '100%', xs: 260 }}
      data-testid={props.testId}
    />
  );
}
