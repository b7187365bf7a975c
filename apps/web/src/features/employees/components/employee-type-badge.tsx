import type { EmployeeType } from '@bottega/contracts/employees';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** OK (active) in green, EX (former employee) in grey. */
export function EmployeeTypeBadge({ type, size = 'sm' }: { type: EmployeeType; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('employees');
  return (
    <Badge size={size} variant="light" color={type === 'OK' ? 'teal' : 'gray'} data-testid="employee-type">
      {t(`types.${type}`)}
    </Badge>
  );
}
