// What the networks answered about published posts: likes, comments, shares and reach — in a row of a list, or as
// the account's cards with a bar of each figure beside the others.
import type { AccountFigures } from '@bottega/contracts/automation';
import { Card, Group, Progress, SimpleGrid, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconEye, IconHeart, IconMessageCircle, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const figureNames = ['likes', 'comments', 'shares', 'reach'] as const;

const figureIcons = { likes: IconHeart, comments: IconMessageCircle, shares: IconShare, reach: IconEye } as const;
const figureColors = { likes: 'pink', comments: 'blue', shares: 'teal', reach: 'violet' } as const;

const number = new Intl.NumberFormat('it-IT');

/** A count as the app writes numbers (1.234), Latin digits in every language. */
export function formatCount(value: number): string {
  return number.format(value);
}

/** The four figures in one line, each with its icon and its name for screen readers. */
export function AccountFiguresInline({ figures }: { figures: AccountFigures }) {
  const { t } = useTranslation('automation');
  return (
    <Group gap="sm" wrap="wrap" justify="flex-end" data-testid="account-figures">
      {figureNames.map((name) => {
        const Icon = figureIcons[name];
        return (
          <Group key={name} gap={4} wrap="nowrap" title={t(`figures.${name}`)}>
            <Icon size={14} aria-hidden />
            <Text size="sm" span>
              <VisuallyHidden>{t(`figures.${name}`)}: </VisuallyHidden>
              {formatCount(figures[name])}
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}

/** The figures as cards: the count, and how the interactions compare with the reach. */
export function AccountFiguresCards({ figures }: { figures: AccountFigures }) {
  const { t } = useTranslation('automation');
  const largest = Math.max(1, ...figureNames.map((name) => figures[name]));
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="account-figures-cards">
      {figureNames.map((name) => {
        const Icon = figureIcons[name];
        return (
          <Card key={name} withBorder padding="sm">
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap">
                <ThemeIcon variant="light" color={figureColors[name]} size="md" radius="xl" aria-hidden>
                  <Icon size={16} />
                </ThemeIcon>
                <Text size="sm" c="dimmed">
                  {t(`figures.${name}`)}
                </Text>
              </Group>
              <Text fz="xl" fw={700} data-testid={`account-figure-${name}`}>
                {formatCount(figures[name])}
              </Text>
              <Progress
                value={(figures[name] / largest) * 100}
                color={figureColors[name]}
                size="sm"
                aria-label={t(`figures.${name}`)}
              />
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
