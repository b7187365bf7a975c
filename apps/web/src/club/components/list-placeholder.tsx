import { Skeleton, Stack } from '@mantine/core';

/** Where a list's rows will be, while they are fetched. */
export function ListPlaceholder() {
  return (
    <Stack gap="xs">
      {['first', 'second', 'third', 'fourth'].map((row) => (
        <Skeleton key={row} h={72} radius="md" />
      ))}
    </Stack>
  );
}
