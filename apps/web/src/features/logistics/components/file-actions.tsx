// What may be done with a file in its state, by the person's abilities (the transition table of contracts): send a
// saved file for processing, give a sent one back with a reason or process it (irreversible: stock moves and the DDT
// takes its number), email a processed one to the other side (its addresses shown first); and the downloads.
import {
  type LogisticsFile,
  type LogisticsFileTransition,
  logisticsFileTransitions,
} from '@bottega/contracts/logistics';
import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCheck, IconMail, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { DownloadButton } from '../../../ui/download-button';
import { downloadLogisticsFile, downloadName, type LogisticsDownload, useLogisticsFileAction } from '../logistics.api';
import { useLogisticsAbilities } from '../logistics-abilities';

const icons = { send: IconSend, giveBack: IconArrowBackUp, process: IconCheck, email: IconMail } as const;

/** Whose addresses the DDT goes to: the supplier an in-file came from, the recipient of any other file. */
export function otherSide(file: LogisticsFile) {
  return file.kind === 'inFile' ? file.from : file.to;
}

export function FileActions({ file, blocked }: { file: LogisticsFile; blocked: boolean }) {
  const { t } = useTranslation(['logistics', 'errors']);
  const abilities = useLogisticsAbilities(file.kind);
  const action = useLogisticsFileAction(file.kind, file.id);
  const [asking, setAsking] = useState<LogisticsFileTransition | null>(null);
  const [reason, setReason] = useState('');
  const offered = (Object.keys(logisticsFileTransitions) as LogisticsFileTransition[]).filter((transition) => {
    const rule = logisticsFileTransitions[transition];
    return (rule.from as readonly string[]).includes(file.state) && abilities.holds(rule.action);
  });
  const close = () => {
    action.reset();
    setAsking(null);
    setReason('');
  };
  const run = (transition: LogisticsFileTransition) =>
    action.mutate(
      { action: transition, reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t(`actions.${transition}.done`) });
          close();
        },
      },
    );
  const recipients = otherSide(file).emails;
  const downloads: LogisticsDownload[] = [
    'lines.csv',
    'lines.xlsx',
    ...(file.state === 'processed' || file.state === 'emailed' ? (['ddt.pdf'] as const) : []),
  ];

  return (
    <>
      <Group gap="xs" data-testid="file-actions">
        {offered.map((transition) => {
          const Icon = icons[transition];
          return (
            <Button
              key={transition}
              leftSection={<Icon size={16} />}
              variant={transition === 'giveBack' ? 'default' : 'filled'}
              disabled={blocked}
              onClick={() => {
                action.reset();
                setAsking(transition);
              }}
              data-testid={`file-${transition}`}
            >
              {t(`actions.${transition}.button`)}
            </Button>
          );
        })}
        {abilities.holds('download') &&
          downloads.map((what) => (
            <DownloadButton
              key={what}
              label={t(`downloads.${what.replace('.', '-')}`)}
              fileName={downloadName(file, what)}
              download={() => downloadLogisticsFile(file, what)}
              testId={`file-download-${what.replace('.', '-')}`}
            >
              {t(`downloads.${what.replace('.', '-')}`)}
            </DownloadButton>
          ))}
      </Group>
      {(asking === 'send' || asking === 'process') && (
        <ConfirmModal
          opened
          title={t(`actions.${asking}.title`)}
          message={t(`actions.${asking}.message`)}
          confirmLabel={t(`actions.${asking}.button`)}
          loading={action.isPending}
          error={errorMessage(action.error, t)}
          onConfirm={() => run(asking)}
          onClose={close}
        />
      )}
      <Modal opened={asking === 'email'} onClose={close} title={t('actions.email.title')} centered>
        <Stack gap="sm">
          {recipients.length > 0 ? (
            <>
              <Text size="sm">{t('actions.email.message', { name: otherSide(file).name })}</Text>
              <List size="sm" data-testid="email-recipients">
                {recipients.map((email) => (
                  <List.Item key={email}>
                    <span dir="ltr">{email}</span>
                  </List.Item>
                ))}
              </List>
            </>
          ) : (
            <Alert color="yellow">{t('actions.email.noRecipients', { name: otherSide(file).name })}</Alert>
          )}
          {action.isError && (
            <Alert color="red" role="alert">
              {errorMessage(action.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button
              loading={action.isPending}
              disabled={recipients.length === 0}
              onClick={() => run('email')}
              data-testid="confirm"
            >
              {t('actions.email.button')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={asking === 'giveBack'} onClose={close} title={t('actions.giveBack.title')} centered>
        <Stack gap="sm">
          <Textarea
            label={t('actions.giveBack.reason')}
            description={t('actions.giveBack.message')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={3}
            required
            data-testid="give-back-reason"
          />
          {action.isError && (
            <Alert color="red" role="alert">
              {errorMessage(action.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={action.isPending}
              disabled={reason.trim() === ''}
              onClick={() => run('giveBack')}
              data-testid="confirm"
            >
              {t('actions.giveBack.button')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
