import { Badge } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The customer's level and its discount, in words (not colour alone). */
export function LevelBadge({ level }: { level: { name: string; discountPercent: number } | null }) {
  const { t } = useTranslation('club');
  return (
    <Badge size="lg" variant="light" leftSection={<IconTrophy size={14} aria-hidden />} data-testid="club-level">
      {level ? t('levels.badge', { name: level.name, percent: level.discountPercent }) : t('levels.none')}
    </Badge>
  );
}
