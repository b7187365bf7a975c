// Footer links (spec §1): corporate site, customer service, shop and contact, set in the server's settings.
import type { PublicSettings } from '@bottega/contracts/auth';
import { Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api-client';

export function usePublicSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: async () => (await api<{ data: PublicSettings }>('/api/settings')).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function AppFooter() {
  const { t } = useTranslation();
  const footer = usePublicSettings().data?.footer;
  return (
    <Group h="100%" px="md" justify="space-between" gap="xs">
      <Text size="xs" c="dimmed">
        © {new Date().getFullYear()} Bottega
      </Text>
      {footer && (
        <Group gap="md">
          {(['corporate', 'customerService', 'shop', 'contact'] as const).map((link) => (
            <Anchor key={link} href={footer[link]} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed">
              {t(`footer.${link}`)}
            </Anchor>
          ))}
        </Group>
      )}
    </Group>
  );
}
