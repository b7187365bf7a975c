import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A part of a long form, in its own card under its own heading (the heading names the part for screen readers). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h5" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
