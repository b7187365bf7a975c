import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { errorMessage } from '../lib/error-message';
import { StatusPage } from './status-page';

/**
 * What a record's page shows before its record: the 404 page for an id that is none (or another shop's record), the
 * 403 page, the error, or placeholders of the page's blocks (their heights) while it loads.
 */
export function RecordPlaceholder(props: {
  id: number | null;
  query: { isError: boolean; error: unknown };
  blocks: readonly number[];
}) {
  const { t } = useTranslation();
  const { error } = props.query;
  if (props.id === null || (error instanceof ApiError && error.status === 404)) return <StatusPage status={404} />;
  if (error instanceof ApiError && error.status === 403) return <StatusPage status={403} />;
  if (props.query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessage(error, t)}
      </Alert>
    );
  }
  return (
    <Stack>
      <Skeleton h={48} w={320} />
      {props.blocks.map((height, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder blocks have nothing else to key on
        <Skeleton key={index} h={height} />
      ))}
    </Stack>
  );
}
