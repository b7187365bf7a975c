// The user menu of the navbar: the profile, language, dark mode, changing shop and signing out.
import { type Language, languages } from '@bottega/contracts/common';
import {
  Group,
  Menu,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCheck,
  IconLanguage,
  IconLogout,
  IconMoon,
  IconSun,
  IconSwitchHorizontal,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut, useAuthUser, useSelectableShops } from '../features/auth/auth.api';
import { ProfileAvatar } from '../features/profile/components/profile-avatar';
import { useChooseLanguage } from '../features/profile/profile.api';
import { currentLanguage } from '../lib/i18n';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthUser().data;
  const shops = useSelectableShops(true).data ?? [];
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const lng = currentLanguage();
  const chooseLanguage = useChooseLanguage();
  if (!user) return null;

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {/* Named by the person (its words hidden from sight), not by its initials and name as seen, so its name and
            what it shows never disagree, on a phone too where only the avatar is seen. */}
        <UnstyledButton data-testid="user-menu">
          <Group gap="xs" wrap="nowrap" aria-hidden>
            <ProfileAvatar url={user.avatar} name={user.name} size="sm" data-testid="navbar-avatar" />
            <Text size="sm" fw={500} visibleFrom="sm">
              <bdi>{user.name}</bdi>
            </Text>
          </Group>
          <VisuallyHidden>{t('userMenu.open', { name: user.name })}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.userGroup[0]?.name ?? ''}</Menu.Label>
        <Menu.Item
          leftSection={<IconUserCircle size={16} />}
          onClick={() => navigate('/app/user')}
          data-testid="user-menu-profile"
        >
          {t('profile:menu')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>
          <Group gap={6}>
            <IconLanguage size={14} />
            {t('userMenu.language')}
          </Group>
        </Menu.Label>
        {languages.map((code: Language) => (
          <Menu.Item
            key={code}
            onClick={() => void chooseLanguage(code)}
            rightSection={code === lng ? <IconCheck size={14} /> : null}
            data-testid={`language-${code}`}
            lang={code}
          >
            {t(`languages.${code}`, { lng: code })}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          leftSection={dark ? <IconSun size={16} /> : <IconMoon size={16} />}
          onClick={() => setColorScheme(dark ? 'light' : 'dark')}
          data-testid="toggle-dark-mode"
        >
          {dark ? t('userMenu.lightMode') : t('userMenu.darkMode')}
        </Menu.Item>
        {shops.length > 1 && (
          <Menu.Item leftSection={<IconSwitchHorizontal size={16} />} onClick={() => navigate('/?step=shop')}>
            {t('userMenu.changeShop')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => void signOut()}
          data-testid="sign-out"
        >
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
