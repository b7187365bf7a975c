import { ActionIcon, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/** A page header's "read it again" button: named by its label, spinning while the query fetches. */
export function RefreshButton(props: { label: string; query: { isFetching: boolean; refetch: () => unknown } }) {
  return (
    <Tooltip label={props.label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={props.label}
        loading={props.query.isFetching}
        onClick={() => void props.query.refetch()}
      >
        <IconRefresh size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
