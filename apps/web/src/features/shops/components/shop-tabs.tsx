import { Tabs } from '@mantine/core';
import { IconCalendarOff, IconClock, IconForms } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthUser } from '../../auth/auth.api';

export type ShopTab = 'edit' | 'closures' | 'workingHours';

/** The three screens of one shop (its data, closures, working hours), as far as the user may open them. */
export function ShopTabs({ shopId, current }: { shopId: number; current: ShopTab }) {
  const { t } = useTranslation('shops');
  const navigate = useNavigate();
  const can = new Set(useAuthUser().data?.can ?? []);
  const tabs: { value: ShopTab; icon: typeof IconForms; visible: boolean }[] = [
    { value: 'edit', icon: IconForms, visible: can.has('shops.manage.view') },
    { value: 'closures', icon: IconCalendarOff, visible: can.has('shops.manage.view') },
    { value: 'workingHours', icon: IconClock, visible: can.has('shops.manage.workingHours') },
  ];
  return (
    <Tabs value={current} onChange={(value) => value && navigate(`/app/shops/${shopId}/${value}`)} mb="lg">
      <Tabs.List>
        {tabs
          .filter((tab) => tab.visible)
          .map(({ value, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />} data-testid={`shop-tab-${value}`}>
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
      </Tabs.List>
    </Tabs>
  );
}
