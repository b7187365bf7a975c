import { Button, Checkbox, Group, List, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { firstFieldErrors } from '../../lib/form-validation';
import { useDeleteAccount } from '../club-api';
import { FormAlert } from './form-alert';

/**
 * Deleting the account, for good (GDPR): what goes (the personal data, the points, the level, the invitations) and
 * what stays (the receipts, without the name, for the books), said plainly; the password and an explicit
 * "I understand" before the button works.
 */
export function DeleteAccountModal({
  opened,
  onClose,
  onDeleted,
}: {
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('club');
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const close = () => {
    setPassword('');
    setUnderstood(false);
    setFieldError(null);
    setFailure(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setFieldError(t('validation:required'));
      return;
    }
    setFailure(null);
    remove.mutate(
      { password },
      {
        onSuccess: onDeleted,
        onError: (error) => {
          setFailure(error);
          setFieldError(error instanceof ApiError ? (firstFieldErrors(error.fieldErrors).password ?? null) : null);
        },
      },
    );
  };

  const message = errorMessage(failure, t);

  return (
    // No scroll lock: its <style> element carries no CSP nonce (react-remove-scroll), and the page refuses it.
    <Modal opened={opened} onClose={close} title={t('profile.delete.title')} centered lockScroll={false}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fw={700}>{t('profile.delete.irreversible')}</Text>
          <Stack gap={4}>
            <Text size="sm">{t('profile.delete.goneTitle')}</Text>
            <List size="sm" spacing={2}>
              <List.Item>{t('profile.delete.gonePersonal')}</List.Item>
              <List.Item>{t('profile.delete.gonePoints')}</List.Item>
              <List.Item>{t('profile.delete.goneCard')}</List.Item>
            </List>
          </Stack>
          <Text size="sm">{t('profile.delete.kept')}</Text>
          <PasswordInput
            label={t('profile.delete.password')}
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
          />
          <Checkbox
            label={t('profile.delete.understood')}
            checked={understood}
            onChange={(event) => setUnderstood(event.currentTarget.checked)}
          />
          {message && <FormAlert>{message}</FormAlert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              color="red"
              loading={remove.isPending}
              disabled={!understood}
              data-testid="club-delete-confirm"
            >
              {t('profile.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
