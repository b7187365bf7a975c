import type { ShopSummary } from '@bottega/contracts/auth';
import { Alert, Button, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconBuildingStore } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
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
  // The same options from one render to the next, so the option the keyboard highlighted stays highlighted.
  const options = useMemo(
    () => shops.map((shop) => ({ value: String(shop.id), label: `${shop.name} · ${shop.city} (${shop.code})` })),
    [shops],
  );

  const [listOpen, setListOpen] = useState(false);
  const pick = (value: string) => {
    setShopId(value);
    setMissing(false);
  };
  // Enter picks the shop the list highlights, or, typed faster than the list highlights (keys in quick succession), the
  // first shop matching the text; on the shop the field already holds it submits. Handled here rather than left to the
  // list, whose index can lag behind the highlight on screen: Enter would then submit the shop chosen before. Text
  // naming no shop submits nothing.
  const pickOnEnter = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (event.key !== 'Enter') return;
    // The list's own highlight (its aria-activedescendant may still name an option filtered away since).
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    const highlighted = list?.querySelector('[data-combobox-selected]')?.getAttribute('value');
    const typed = input.value.trim().toLocaleLowerCase();
    const wanted =
      highlighted && options.some((option) => option.value === highlighted)
        ? highlighted
        : options.find((option) => option.value === shopId)?.label === input.value
          ? shopId
          : options.find((option) => option.label.toLocaleLowerCase().includes(typed))?.value;
    if (wanted && wanted === shopId) return;
    event.preventDefault();
    if (!wanted) return;
    pick(wanted);
    setListOpen(false);
  };

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
          data={options}
          value={shopId}
          onChange={(value) => value !== null && pick(value)}
          dropdownOpened={listOpen}
          onDropdownOpen={() => setListOpen(true)}
          onDropdownClose={() => setListOpen(false)}
          onKeyDown={pickOnEnter}
          searchable
          // Typing part of a name highlights the first shop that matches, so Enter picks it.
          selectFirstOptionOnChange
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
