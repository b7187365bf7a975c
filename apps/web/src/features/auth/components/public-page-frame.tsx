import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguagePicker } from './language-picker';

/** The frame of the pages outside /app that need no sign-in (like the login): language, logo, title, a card. */
export function PublicPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Box w="100%" maw={420}>
        <Group justify="flex-end" mb="sm">
          <LanguagePicker />
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          <Stack gap="lg">
            <Group gap="sm" justify="center">
              <img src="/favicon.svg" alt="" width={40} height={40} />
              <Title order={1} size="h2">
                Bottega
              </Title>
            </Group>
            <Text ta="center" fw={600} component="h2" m={0}>
              {title}
            </Text>
            {children}
          </Stack>
        </Paper>
      </Box>
    </Center>
  );
}
