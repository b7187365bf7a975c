import { Box, Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { historyPerPage } from '../club-api';
import { pageCount } from '../club-format';

/** The pages of a history (points, purchases): shown only when there is more than one. */
export function HistoryPagination(props: {
  meta: { total: number; perPage: number };
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('club');
  if (props.meta.total <= props.meta.perPage) return null;
  return (
    <Box component="nav" aria-label={t('activity.pages')}>
      <Group justify="center">
        <Pagination
          total={pageCount(props.meta.total, props.meta.perPage || historyPerPage)}
          value={props.page}
          onChange={props.onChange}
          size="sm"
        />
      </Group>
    </Box>
  );
}
