import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A detail page's field: its name small and dimmed above what it holds. */
export function LabelledField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}
