import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { LanguagePicker } from './language-picker';

/**
 * The frame of the pages outside /app that need no sign-in (like the login): language, logo, title,
 * a card, and, for the pages a mail or the login leads to, the way back to the sign-in.
 */
export function PublicPageFrame({
  title,
  children,
  backToSignIn = false,
}: {
  title: string;
  children: ReactNode;
  backToSignIn?: boolean;
}) {
  const { t } = useTranslation('password');
  useDocumentTitle(title);
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
            {backToSignIn && (
              <Group justify="center">
                <Anchor component={Link} to="/" size="sm">
                  {t('forgot.backToSignIn')}
                </Anchor>
              </Group>
            )}
          </Stack>
        </Paper>
      </Box>
    </Center>
  );
}
