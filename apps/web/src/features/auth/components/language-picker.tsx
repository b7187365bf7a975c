import { type Language, languages } from '@bottega/contracts/languages';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../../lib/i18n';

/**
 * Lets a person pick their language before signing in; the choice is kept in local storage. The browser's
 * own list, not Mantine's Select: the sign-in page then loads no floating-dropdown code (issue 16's budget).
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('userMenu.language')}
      leftSection={<IconLanguage size={16} />}
      data={languages.map((code) => ({ value: code, label: t(`languages.${code}`, { lng: code }) }))}
      value={currentLanguage()}
      onChange={(event) => void changeLanguage(event.currentTarget.value as Language)}
      w={170}
      size="xs"
      data-testid="language-picker"
    />
  );
}
