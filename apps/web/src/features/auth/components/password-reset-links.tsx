// What the login page shows of the password reset: the "forgot password" link and, back from a reset, the notice.
import { Alert, Anchor, Group } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function ForgotPasswordLink() {
  const { t } = useTranslation('password');
  return (
    <Group justify="center">
      <Anchor component={Link} to="/forgot-password" size="sm" data-testid="forgot-password-link">
        {t('forgotLink')}
      </Anchor>
    </Group>
  );
}

export function PasswordResetDoneNotice() {
  const { t } = useTranslation('password');
  return (
    <Alert color="green" icon={<IconCircleCheck size={18} />} role="status" data-testid="password-reset-done">
      {t('resetDone')}
    </Alert>
  );
}
