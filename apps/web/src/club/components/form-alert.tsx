import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A form's message: a failure (role alert), the §8 maintenance notice (registration suspended) or a success
 * (role status), each with its icon so the colour is never the only sign.
 */
export function FormAlert({
  kind = 'error',
  children,
  testId,
}: {
  kind?: 'error' | 'maintenance' | 'success';
  children: ReactNode;
  testId?: string;
}) {
  if (kind === 'success') {
    return (
      <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status" data-testid={testId}>
        {children}
      </Alert>
    );
  }
  return (
    <Alert
      color={kind === 'maintenance' ? 'orange' : 'red'}
      icon={kind === 'maintenance' ? <IconTool size={18} /> : <IconAlertCircle size={18} />}
      role="alert"
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}
