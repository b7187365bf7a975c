import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { FormAlert } from './form-alert';

/** A screen's data could not be fetched: the server's words, and a way to try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('club');
  return (
    <Stack gap="sm">
      <FormAlert>{errorMessage(error, t)}</FormAlert>
      <Button variant="default" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Stack>
  );
}
