import { type Language, languages } from '@bottega/contracts/common';
import { Select } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../../lib/i18n';

/** Lets a person pick their language before signing in; the choice is kept in local storage. */
export function LanguagePicker() {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('userMenu.language')}
      leftSection={<IconLanguage size={16} />}
      data={languages.map((code) => ({ value: code, label: t(`languages.${code}`, { lng: code }) }))}
      value={currentLanguage()}
      onChange={(value) => value && void changeLanguage(value as Language)}
      allowDeselect={false}
      w={170}
      size="xs"
      data-testid="language-picker"
    />
  );
}
