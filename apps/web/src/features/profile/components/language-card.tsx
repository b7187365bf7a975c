import { type Language, languages } from '@bottega/contracts/common';
import { Card, Select, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useChooseLanguage } from '../profile.api';

/** The language of the screens here (local storage) and of what the server writes to the person (users.lng). */
export function LanguageCard() {
  const { t } = useTranslation(['profile', 'common', 'errors']);
  const chooseLanguage = useChooseLanguage();
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4">
        {t('language.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('language.description')}
      </Text>
      <Select
        aria-label={t('language.title')}
        leftSection={<IconLanguage size={16} />}
        data={languages.map((code) => ({ value: code, label: t(`common:languages.${code}`, { lng: code }) }))}
        value={currentLanguage()}
        onChange={(value) => {
          if (!value) return;
          void chooseLanguage(value as Language).then((saved) =>
            notifications.show(
              saved
                ? { color: 'green', message: t('language.saved') }
                : { color: 'orange', message: t('language.notSaved') },
            ),
          );
        }}
        allowDeselect={false}
        data-testid="profile-language"
      />
    </Card>
  );
}
