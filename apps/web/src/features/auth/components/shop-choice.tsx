import type { ShopSummary } from '@bottega/contracts/auth';
import { Alert, Button, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconBuildingStore } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useChooseShop } from '../auth.api';

/** After sign-in the user picks the shop they work in now; a shop is required (spec §2, §5). */
export function ShopChoice({
  shops,
  current,
  onChosen,
}: {
  shops: ShopSummary[];
  current: number | null;
  onChosen: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const choose = useChooseShop();
  const [shopId, setShopId] = useState<string | null>(
    current !== null ? String(current) : shops.length === 1 ? String(shops[0]?.id) : null,
  );
  const [missing, setMissing] = useState(false);
  const serverError = errorMessage(choose.error, t);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!shopId) {
      setMissing(true);
      return;
    }
    choose.mutate(Number(shopId), { onSuccess: onChosen });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('chooseShopHint')}
        </Text>
        {serverError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {serverError}
          </Alert>
        )}
        <Select
          label={t('shop')}
          placeholder={t('shopPlaceholder')}
          leftSection={<IconBuildingStore size={16} />}
          data={shops.map((shop) => ({
            value: String(shop.id),
            label: `${shop.name} · ${shop.city} (${shop.code})`,
          }))}
          value={shopId}
          onChange={(value) => {
            setShopId(value);
            setMissing(false);
          }}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('noShopFound')}
          error={missing ? t('errors:shopRequired') : null}
          required
          data-testid="shop-select"
        />
        <Button type="submit" loading={choose.isPending} fullWidth>
          {t('continue')}
        </Button>
      </Stack>
    </form>
  );
}
