// The customer's standing in the club (§9): the points of the last 12 months with the window's days, the level
// reached and its discount, how far the next level is, what the receipts of the window came to, and the levels.
import { type Customer, levelProgressPercent } from '@bottega/contracts/customers';
import { Card, Group, List, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAward, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { Money } from '../../../ui/money';
import { percentText } from '../customer-format';
import { LevelBadge } from './customer-badges';

export function LoyaltyPanel({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const { loyalty } = customer;
  const percent = levelProgressPercent(loyalty);
  const period = { from: formatDate(loyalty.windowStart), to: formatDate(loyalty.windowEnd) };
  const progressLabel = loyalty.next
    ? t('loyalty.missing', { count: loyalty.next.missingPoints, level: loyalty.next.name })
    : loyalty.level
      ? t('loyalty.topLevel')
      : t('loyalty.noLevels');

  return (
    <Card withBorder padding="lg" data-testid="customer-loyalty">
      <Title order={2} size="h4" mb="md">
        {t('loyalty.title')}
      </Title>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Text size="xs" c="dimmed" fw={500}>
              {t('loyalty.pointsInWindow')}
            </Text>
            <Text
              fz={32}
              fw={700}
              lh={1.1}
              data-testid="customer-points"
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {loyalty.points}
            </Text>
            <Text size="xs" c="dimmed">
              {t('loyalty.window', period)}
            </Text>
          </div>
          <Stack gap={4} align="flex-end">
            <LevelBadge name={loyalty.level?.name ?? null} size="lg" />
            {loyalty.level && (
              <Text size="sm">{t('loyalty.discount', { percent: percentText(loyalty.level.discountPercent) })}</Text>
            )}
          </Stack>
        </Group>
        <div>
          <Progress.Root size="lg" radius="xl" data-testid="customer-level-progress">
            <Progress.Section
              value={percent}
              color="grape"
              aria-label={t('loyalty.progressLabel')}
              aria-valuetext={progressLabel}
            />
          </Progress.Root>
          <Text size="sm" mt={6}>
            {progressLabel}
          </Text>
        </div>
        <SimpleGrid cols={2} spacing="sm">
          <div>
            <Text size="xs" c="dimmed" fw={500}>
              {t('loyalty.receipts')}
            </Text>
            <Text size="sm" fw={600}>
              {customer.receiptsInWindow}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" fw={500}>
              {t('loyalty.spent')}
            </Text>
            <Text size="sm" fw={600}>
              <Money cents={customer.spentInWindowCents} />
            </Text>
          </div>
        </SimpleGrid>
        {loyalty.levels.length > 0 && (
          <div>
            <Text size="xs" c="dimmed" fw={500} mb={4} id="customer-levels-title">
              {t('loyalty.levels')}
            </Text>
            <List
              spacing={4}
              size="sm"
              aria-labelledby="customer-levels-title"
              listStyleType="none"
              withPadding={false}
            >
              {loyalty.levels.map((level, index) => {
                const current = loyalty.level?.index === index;
                return (
                  <List.Item
                    key={level.name}
                    icon={
                      <ThemeIcon size={20} radius="xl" variant={current ? 'filled' : 'light'} color="grape">
                        {current ? <IconCheck size={12} /> : <IconAward size={12} />}
                      </ThemeIcon>
                    }
                    aria-current={current ? 'true' : undefined}
                  >
                    <Text span size="sm" fw={current ? 700 : 400}>
                      <bdi>{level.name}</bdi>
                      {' · '}
                      {t('loyalty.levelLine', {
                        points: level.minPoints,
                        percent: percentText(level.discountPercent),
                      })}
                    </Text>
                  </List.Item>
                );
              })}
            </List>
          </div>
        )}
      </Stack>
    </Card>
  );
}
