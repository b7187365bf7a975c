// `/confirm-email?token=…` (outside /app, no sign-in): the link mailed to a new address. The change is
// made by a button rather than on opening, so a mail scanner that follows links confirms nothing.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { PublicPageFrame } from '../components/public-page-frame';
import { useConfirmEmail } from '../password-reset.api';

export function ConfirmEmailPage() {
  const { t } = useTranslation(['password', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirm = useConfirmEmail();

  let content: React.ReactNode;
  if (!token) {
    content = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="email-link-refused">
        {t('confirmEmail.missingToken')}
      </Alert>
    );
  } else if (confirm.isSuccess) {
    content = (
      <Alert color="green" icon={<IconCircleCheck size={18} />} role="status" data-testid="email-confirmed">
        {t('confirmEmail.done')}
      </Alert>
    );
  } else {
    content = (
      <Stack gap="md">
        <Text size="sm">{t('confirmEmail.description')}</Text>
        {confirm.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="email-link-refused">
            {errorMessage(confirm.error, t)}
          </Alert>
        )}
        <Button onClick={() => confirm.mutate(token)} loading={confirm.isPending} fullWidth>
          {t('confirmEmail.submit')}
        </Button>
      </Stack>
    );
  }

  return (
    <PublicPageFrame title={t('confirmEmail.title')} backToSignIn>
      {content}
    </PublicPageFrame>
  );
}
