import type { CashRegisterDay } from '@bottega/contracts/cash-register';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type CashDayStatus = CashRegisterDay['status'];

const colors: Record<CashDayStatus, string> = { missing: 'gray', open: 'blue', partial: 'yellow', closed: 'green' };

/** Where a day stands: to fill in, in progress, partially confirmed, closed. */
export function CashStatusBadge({ status, ...props }: { status: CashDayStatus } & BadgeProps) {
  const { t } = useTranslation('cash-register');
  return (
    // A day with no report yet is an empty outline: nothing has been done on it.
    <Badge
      color={colors[status]}
      variant={status === 'missing' ? 'outline' : 'light'}
      tt="none"
      {...props}
      data-status={status}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
