import { Button, EmptyState } from '@mantine/core';
import { IconLock, IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The 403 and 404 pages: what happened and the way back. */
export function StatusPage({ status }: { status: 403 | 404 }) {
  const { t } = useTranslation();
  const Icon = status === 403 ? IconLock : IconMapQuestion;
  return (
    <EmptyState
      mt="xl"
      variant="light"
      icon={<Icon size={40} stroke={1.5} />}
      title={t(`status.${status}.title`)}
      description={t(`status.${status}.description`)}
      data-testid={`status-${status}`}
    >
      <Button component={Link} to="/app" mt="md">
        {t('status.backToDashboard')}
      </Button>
    </EmptyState>
  );
}
