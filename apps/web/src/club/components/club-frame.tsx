import { type Language, languages } from '@bottega/contracts/languages';
import {
  ActionIcon,
  Anchor,
  Box,
  Group,
  NativeSelect,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconLanguage, IconMoon, IconSun } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../lib/i18n';
import { changeClubLanguage } from '../club-i18n';
import { clubName } from '../club-title';

/** The club's column: phone-wide, centred on a tablet or a computer. */
export const columnWidth = 480;

/** The five languages, each named in itself; the browser's own list, light on the first load. */
export function ClubLanguagePicker() {
  const { t } = useTranslation('club');
  return (
    <NativeSelect
      aria-label={t('language')}
      leftSection={<IconLanguage size={16} aria-hidden />}
      data={languages.map((code) => ({ value: code, label: t(`common:languages.${code}`) }))}
      value={currentLanguage()}
      onChange={(event) => void changeClubLanguage(event.currentTarget.value as Language)}
      w={150}
      size="xs"
      data-testid="club-language"
    />
  );
}

function ColorSchemeToggle() {
  const { t } = useTranslation('club');
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={dark ? t('lightMode') : t('darkMode')}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      {dark ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}

/**
 * Every club screen's frame: the club's name (home), the language and light or dark, then the screen in the
 * column; `footer` below it (the signed-in bottom navigation), `homePath` where the name leads.
 */
export function ClubFrame({
  children,
  footer,
  homePath = '/',
}: {
  children: ReactNode;
  footer?: ReactNode;
  homePath?: string;
}) {
  const { t } = useTranslation('club');
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <a className="skip-link" href="#club-main">
        {t('common:skipToContent')}
      </a>
      <Box component="header" maw={columnWidth} mx="auto" px="md" pt="md" pb="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor
            component={Link}
            to={homePath}
            underline="never"
            c="inherit"
            aria-label={t('home', { name: clubName })}
          >
            <Group gap="xs" wrap="nowrap">
              <img src="/club/icon.svg" alt="" width={32} height={32} />
              <Text fw={700} size="lg" span>
                {clubName}
              </Text>
            </Group>
          </Anchor>
          <Group gap="xs" wrap="nowrap">
            <ClubLanguagePicker />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </Box>
      <Box
        component="main"
        id="club-main"
        tabIndex={-1}
        maw={columnWidth}
        mx="auto"
        px="md"
        pt="xs"
        pb={footer ? 96 : 'xl'}
      >
        {children}
      </Box>
      {footer}
    </Box>
  );
}
