// The shop and category filters the camera list, the viewer and the viewing log share, fed by /api/cameras/options.
import type { ShopSummary } from '@bottega/contracts/auth';
import type { CameraOptions } from '@bottega/contracts/cameras';
import { Select } from '@mantine/core';
import { IconCategory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ShopFilter } from '../../../ui/shop-filter';

/**
 * The shared shop filter over the shops of the camera options. It shows a shop's code and name only, which is all the
 * options carry: the summary's other fields are left empty.
 */
export function CameraShopFilter(props: {
  shops: CameraOptions['shops'];
  value: number | null;
  onChange: (shopId: number | null) => void;
  testId: string;
}) {
  const shops: ShopSummary[] = props.shops.map((shop) => ({ ...shop, city: '', companyName: '' }));
  return (
    <ShopFilter
      shops={shops}
      value={props.value ?? undefined}
      onChange={(value) => props.onChange(value ? Number(value) : null)}
      testId={props.testId}
    />
  );
}

export function CameraCategoryFilter(props: {
  categories: CameraOptions['categories'];
  value: number | null;
  onChange: (categoryId: number | null) => void;
  testId: string;
}) {
  const { t } = useTranslation('cameras');
  return (
    <Select
      aria-label={t('filters.category')}
      leftSection={<IconCategory size={16} />}
      data={[
        { value: '', label: t('filters.allCategories') },
        ...props.categories.map((category) => ({ value: String(category.id), label: category.name })),
      ]}
      value={props.value === null ? '' : String(props.value)}
      allowDeselect={false}
      searchable
      onChange={(value) => props.onChange(value ? Number(value) : null)}
      w={{ base: '100%', xs: 220 }}
      data-testid={props.testId}
    />
  );
}
