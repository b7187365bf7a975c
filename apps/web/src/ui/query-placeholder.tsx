import { Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message';

/** What a list shows in place of its rows while its query loads (placeholder rows) or once it failed (the error). */
export function QueryPlaceholder(props: { query: { isError: boolean; error: unknown }; loadingTestId?: string }) {
  const { t } = useTranslation();
  if (props.query.isError) {
    return (
      <Text c="red" p="md" role="alert">
        <IconAlertCircle size={16} style={{ verticalAlign: 'middle', marginInlineEnd: 6 }} />
        {errorMessage(props.query.error, t)}
      </Text>
    );
  }
  return (
    <Stack p="md" gap="sm" data-testid={props.loadingTestId}>
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
        <Skeleton key={index} h={36} />
      ))}
    </Stack>
  );
}
