// How a week and its days are named and marked on every weekly cash screen: "Settimana 47/2026" with its
// Monday–Sunday range, a badge for the week (filled, fillable, in progress, days to close) and one per day.
import { isWeeklyCashDayOpen, type WeeklyCash, type WeeklyCashListItem } from '@bottega/contracts/cash-register';
import { Badge, type MantineColor } from '@mantine/core';
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import type { ShownDayStatus } from '../cash-day';

type WeekState = Pick<WeeklyCashListItem, 'blockedBy'>;

const weekColors: Record<NonNullable<WeeklyCash['blockedBy']> | 'fillable', MantineColor> = {
  filled: 'green',
  fillable: 'blue',
  beforeSundayEvening: 'gray',
  daysNotClosed: 'orange',
};

export function WeekStatusBadge({ week, t }: { week: WeekState; t: TFunction }) {
  const state = week.blockedBy ?? 'fillable';
  return (
    <Badge color={weekColors[state]} variant="light" data-testid="week-status" data-status={state}>
      {t(`weekly-cash:weekStatus.${state}`)}
    </Badge>
  );
}

const dayColors: Record<ShownDayStatus, MantineColor> = {
  closed: 'green',
  partial: 'yellow',
  open: 'blue',
  missing: 'red',
  noSales: 'gray',
  today: 'blue',
  upcoming: 'gray',
};

/** A day's state; the label wraps on a narrow column rather than being cut short. */
export function DayStatusBadge({ status, t }: { status: ShownDayStatus; t: TFunction }) {
  return (
    <Badge
      color={dayColors[status]}
      variant={status === 'noSales' || status === 'upcoming' ? 'outline' : 'light'}
      data-status={status}
      styles={{
        root: { height: 'auto', maxWidth: 'none', paddingBlock: 2 },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.3 },
      }}
    >
      {t(`weekly-cash:dayStatus.${status}`)}
    </Badge>
  );
}

/** The days still to close, "20/11, 21/11", as the server's refusal names them. */
export function openDaysText(week: Pick<WeeklyCash, 'days'>): string {
  return week.days
    .filter((day) => isWeeklyCashDayOpen(day.status))
    .map((day) => formatDate(day.businessDate).slice(0, 5))
    .join(', ');
}

/** A date, a time or a list of days kept left to right inside a sentence of any direction (Unicode isolate). */
export const isolated = (text: string) => `\u2066${text}\u2069`;

/**
 * Why the week cannot be filled, or who filled it, in one sentence; with its days (the week's own page) the
 * days still to close are named.
 */
export function weekReason(t: TFunction, week: WeeklyCashListItem & { days?: WeeklyCash['days'] }): string {
  switch (week.blockedBy) {
    case 'filled':
      return week.filledBy
        ? t('weekly-cash:reason.filled', { name: week.filledBy.name, at: isolated(formatDateTime(week.filledAt)) })
        : t('weekly-cash:reason.filledAt', { at: isolated(formatDateTime(week.filledAt)) });
    case 'beforeSundayEvening':
      return t('weekly-cash:reason.beforeSundayEvening', { opensAt: isolated(formatDateTime(week.opensAt)) });
    case 'daysNotClosed':
      return week.days
        ? t('weekly-cash:reason.daysNotClosedList', { days: isolated(openDaysText({ days: week.days })) })
        : t('weekly-cash:reason.daysNotClosed');
    default:
      return t('weekly-cash:reason.fillable');
  }
}
