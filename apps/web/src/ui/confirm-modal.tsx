import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Asks before anything irreversible; shows the server's refusal in place when there is one. */
export function ConfirmModal(props: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  loading?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Text mb="md">{props.message}</Text>
      {props.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} mb="md" role="alert">
          {props.error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {t('actions.cancel')}
        </Button>
        <Button color="red" loading={props.loading} onClick={props.onConfirm} data-testid="confirm">
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
