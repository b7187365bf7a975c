import type { CashReport } from '@bottega/contracts/cash-register';
import { previousIsoWeek } from '@bottega/contracts/dates';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { ltr } from '../cash-day';

/**
 * Refusals that ask to wait or do something first are a warning (§8: the missing fiscal close has the title
 * Attenzione); every other one is an error (§8: data must match the system values, title Errore).
 */
const warnings = new Set<string>(['cashFiscalCloseMissing', 'cashPreviousWeekPending', 'cashReportChanged']);

export function isWarning(error: unknown): boolean {
  return error instanceof ApiError && warnings.has(error.code);
}

/** Where the weekly cash of a week is filled in. */
export function weeklyCashPath(week: string): string {
  return `/app/shops/weekly-cash/create/${week}`;
}

/**
 * The server's refusal of a save or a confirmation, titled as §8 says, with the way on where there is one: the
 * previous week's weekly cash, the sales feed where a missing close is read, or reloading a report someone else
 * saved meanwhile (what was typed stays in the form until then).
 */
export function CashRefusalAlert(props: {
  ref?: Ref<HTMLDivElement>;
  error: unknown;
  report: CashReport;
  canOpenSalesFeed: boolean;
  canFillWeekly: boolean;
  onReload: () => void;
  onKeepMine: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('cash-register');
  const { error, report } = props;
  const code = error instanceof ApiError ? error.code : 'internal';
  const warning = isWarning(error);
  const week = report.previousWeekPending ?? previousIsoWeek(report.week);

  return (
    <Alert
      ref={props.ref}
      color={warning ? 'orange' : 'red'}
      variant="light"
      mb="sm"
      title={warning ? t('alert.attention') : t('alert.error')}
      icon={warning ? <IconAlertTriangle size={20} /> : <IconAlertCircle size={20} />}
      withCloseButton
      closeButtonLabel={t('alert.dismiss')}
      onClose={props.onClose}
      role="alert"
      data-testid="cash-alert"
      data-code={code}
    >
      <Text size="sm">{errorMessage(error, t)}</Text>
      {code === 'cashReportChanged' && (
        <Group gap="xs" mt="sm">
          <Button
            size="xs"
            color="orange"
            leftSection={<IconRefresh size={14} />}
            onClick={props.onReload}
            data-testid="cash-reload"
          >
            {t('alert.reload')}
          </Button>
          <Button size="xs" variant="default" onClick={props.onKeepMine} data-testid="cash-keep-mine">
            {t('alert.keepMine')}
          </Button>
        </Group>
      )}
      {code === 'cashPreviousWeekPending' && props.canFillWeekly && (
        <Button
          mt="sm"
          size="xs"
          variant="default"
          component={Link}
          to={weeklyCashPath(week)}
          rightSection={<IconExternalLink size={14} />}
          data-testid="cash-alert-weekly"
        >
          {t('alert.fillWeekly', { week: ltr(week) })}
        </Button>
      )}
      {code === 'cashFiscalCloseMissing' && props.canOpenSalesFeed && (
        <Button
          mt="sm"
          size="xs"
          variant="default"
          component={Link}
          to={`/app/shops/${report.shopId}/sales-feed`}
          rightSection={<IconExternalLink size={14} />}
        >
          {t('fiscalMissing.openFeed')}
        </Button>
      )}
    </Alert>
  );
}
