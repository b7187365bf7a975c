// The ranked shop a ranking screen is about: only ranked shops can be chosen (GET /api/rankings/shops).
import type { RankedShop } from '@bottega/contracts/rankings';
import { Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function RankedShopSelect(props: {
  shops: RankedShop[] | undefined;
  value: number | null;
  onChange: (shopId: number | null) => void;
  /** An "every shop" choice (the competitors list's filter). */
  allowAll?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('rankings');
  const options = (props.shops ?? []).map((shop) => ({ value: String(shop.id), label: `${shop.code} · ${shop.name}` }));
  return (
    <Select
      label={t('shop')}
      leftSection={<IconBuildingStore size={16} />}
      data={props.allowAll ? [{ value: '', label: t('allShops') }, ...options] : options}
      value={props.value === null ? (props.allowAll ? '' : null) : String(props.value)}
      onChange={(value) => props.onChange(value ? Number(value) : null)}
      allowDeselect={false}
      searchable
      disabled={!props.shops}
      w={{ base: '100%', xs: 280 }}
      data-testid={props.testId}
    />
  );
}
