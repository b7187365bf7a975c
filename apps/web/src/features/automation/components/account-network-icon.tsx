// A network shown by its mark, in its colour, and named for screen readers (and as a tooltip for the sighted).
import type { SocialNetwork } from '@bottega/contracts/automation';
import { Group, type MantineColor, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export const networkIcons = {
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  webhook: IconWebhook,
} as const;

export const networkColors: Record<SocialNetwork, MantineColor> = {
  facebook: 'blue',
  instagram: 'pink',
  webhook: 'gray',
};

/** The network's mark; `withLabel` writes its name beside it, otherwise the name is the icon's accessible name. */
export function AccountNetworkIcon({
  network,
  size = 28,
  withLabel = false,
}: {
  network: SocialNetwork;
  size?: number;
  withLabel?: boolean;
}) {
  const { t } = useTranslation('automation');
  const Icon = networkIcons[network];
  const name = t(`networks.${network}`);
  const icon = (
    <ThemeIcon
      variant="light"
      color={networkColors[network]}
      size={size}
      radius="xl"
      {...(withLabel ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
      data-testid="account-network"
      data-network={network}
    >
      <Icon size={Math.round(size * 0.65)} aria-hidden />
    </ThemeIcon>
  );
  if (!withLabel) return <Tooltip label={name}>{icon}</Tooltip>;
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm">{name}</Text>
    </Group>
  );
}
