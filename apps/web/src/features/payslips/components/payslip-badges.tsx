// The states of uploads, items and payslips as badges, one colour per meaning on every screen of both kinds.
import type { PayslipItemOutcome, PayslipStatus, PayslipUploadState } from '@bottega/contracts/payslips';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const stateColors: Record<PayslipUploadState, string> = { processing: 'blue', done: 'teal', failed: 'red' };

export const outcomeColors: Record<PayslipItemOutcome, string> = {
  payslip: 'teal',
  fiscalCodeOnce: 'orange',
  companyNotFound: 'red',
  alreadyExists: 'gray',
  notUploaded: 'red',
};

const statusColors: Record<PayslipStatus, string> = { uploaded: 'blue', convalidated: 'teal' };

export function UploadStateBadge({ state }: { state: PayslipUploadState }) {
  const { t } = useTranslation('payslips');
  return (
    <Badge color={stateColors[state]} variant="light" tt="none" data-testid="upload-state">
      {t(`states.${state}`)}
    </Badge>
  );
}

export function OutcomeBadge({ outcome }: { outcome: PayslipItemOutcome }) {
  const { t } = useTranslation('payslips');
  return (
    <Badge color={outcomeColors[outcome]} variant="light" tt="none" data-testid="item-outcome">
      {t(`outcomes.${outcome}`)}
    </Badge>
  );
}

export function PayslipStatusBadge({ status }: { status: PayslipStatus }) {
  const { t } = useTranslation('payslips');
  return (
    <Badge color={statusColors[status]} variant="light" tt="none" data-testid="payslip-status">
      {t(`statuses.${status}`)}
    </Badge>
  );
}

/** The employee is on the payslip blacklist: nothing is delivered nor announced while listed. */
export function BlacklistedBadge() {
  const { t } = useTranslation('payslips');
  return (
    <Badge color="grape" variant="outline" tt="none" data-testid="item-blacklisted">
      {t('blacklisted')}
    </Badge>
  );
}
