import { cashReportCorrectionBodySchema } from '@bottega/contracts/cash-register';
import { Alert, Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../../lib/form-validation';

const reasonSchema = cashReportCorrectionBodySchema.pick({ reason: true });

/** Why a closed day is being changed: asked before the correction is sent, kept in the audit log with it. */
export function CorrectionModal(props: {
  opened: boolean;
  loading: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['cash-register', 'validation']);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    const errors = validateWith(reasonSchema, { reason }, t);
    if (errors.reason) {
      setError(errors.reason);
      return;
    }
    props.onConfirm(reason.trim());
  };

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('correction.title')} centered>
      <Text mb="sm">{t('correction.message')}</Text>
      <Alert color="orange" variant="light" mb="sm">
        {t('correction.audited')}
      </Alert>
      <Textarea
        label={t('correction.reason')}
        required
        autosize
        minRows={3}
        maxLength={500}
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        data-autofocus
        data-testid="cash-correct-reason"
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={props.onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button color="orange" loading={props.loading} onClick={confirm} data-testid="cash-correct-confirm">
          {t('correction.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
