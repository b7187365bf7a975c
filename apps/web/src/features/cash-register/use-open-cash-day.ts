import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/error-message';
import { cashReportEditPath } from '../auth/sign-in-redirect';
import { useOpenCashReport } from './cash-register.api';

/**
 * Opens a day's report (on one of its tabs, e.g. `receipts`): the existing one, or (for those who may fill it) a new
 * one created first. Answers `pending` with the day being opened, so the list can show which row is loading.
 */
export function useOpenCashDay() {
  const { t } = useTranslation('cash-register');
  const navigate = useNavigate();
  const create = useOpenCashReport();
  const open = (day: { shopId: number; businessDate: string; reportId: number | null }, tab?: string) => {
    const pathOf = (reportId: number) => `${cashReportEditPath(reportId)}${tab ? `?tab=${tab}` : ''}`;
    if (day.reportId !== null) {
      navigate(pathOf(day.reportId));
      return;
    }
    create.mutate(
      { shopId: day.shopId, businessDate: day.businessDate },
      {
        onSuccess: (report) => navigate(pathOf(report.id)),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error, t) }),
      },
    );
  };
  const pending = create.isPending ? (create.variables ?? null) : null;
  return { open, pending };
}
