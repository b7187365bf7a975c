// The week a shift screen shows: the week before and after, and back to this one; the week lives in the address.
import { businessDate, isoWeekOf, nextIsoWeek, previousIsoWeek } from '@bottega/contracts/dates';
import { ActionIcon, Button, Group, Text, useDirection } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { weekRange, weekTitle } from '../../../lib/format-week';

export function thisWeek(): string {
  return isoWeekOf(businessDate());
}

export function WeekPicker({
  week,
  onChange,
  canGoBack = true,
}: {
  week: string;
  onChange: (week: string) => void;
  /** false: no week before this one may be chosen (nor this week's). */
  canGoBack?: boolean;
}) {
  const { t } = useTranslation('shifts');
  const current = thisWeek();
  const flip = useDirection().dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="week-picker">
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => onChange(previousIsoWeek(week))}
        disabled={!canGoBack}
        aria-label={t('week.previous')}
        data-testid="week-previous"
      >
        <IconChevronLeft size={18} style={flip} />
      </ActionIcon>
      <div style={{ minWidth: 150, textAlign: 'center' }}>
        <Text fw={600} size="sm" data-testid="week-title">
          {weekTitle(t, week)}
        </Text>
        <Text size="xs" c="dimmed">
          {weekRange(t, week)}
        </Text>
      </div>
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => onChange(nextIsoWeek(week))}
        aria-label={t('week.next')}
        data-testid="week-next"
      >
        <IconChevronRight size={18} style={flip} />
      </ActionIcon>
      {canGoBack && week !== current && (
        <Button variant="subtle" size="xs" onClick={() => onChange(current)}>
          {t('week.current')}
        </Button>
      )}
    </Group>
  );
}
