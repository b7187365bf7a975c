// The reply box under the conversation: formatted text and files, sent with a progress bar, then cleared. A file
// refused after the reply went does not take the reply back: the person is told, and may send it again.
import type { TicketReach } from '@bottega/contracts/tickets';
import { Alert, Button, Card, Group, Progress, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { UnsavedChangesGuard } from '../../../ui/unsaved-changes-guard';
import { isEmptyMessage } from '../message-text';
import { useReplyToTicket } from '../tickets.api';
import { AttachmentPicker } from './attachment-picker';
import { MessageEditor } from './message-editor';

export function TicketReply({ reach, ticketId }: { reach: TicketReach; ticketId: number }) {
  const { t } = useTranslation(['tickets', 'validation']);
  const reply = useReplyToTicket(reach, ticketId);
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const editor = useRef<Editor | null>(null);
  const ready = useCallback((made: Editor) => {
    editor.current = made;
  }, []);

  const send = () => {
    if (isEmptyMessage(message)) {
      setProblem(t('validation:required'));
      return;
    }
    setProblem(null);
    setProgress(files.length > 0 ? 0 : null);
    reply.mutate(
      { message, files, onProgress: setProgress },
      {
        onSuccess: ({ attachError }) => {
          setProgress(null);
          setMessage('');
          setFiles([]);
          editor.current?.commands.clearContent();
          notifications.show(
            attachError
              ? { color: 'yellow', message: t('reply.doneWithoutFiles', { reason: errorMessage(attachError, t) }) }
              : { color: 'green', message: t('reply.done') },
          );
        },
        onError: (error) => {
          setProgress(null);
          if (error instanceof ApiError && error.fieldErrors.message) setProblem(error.fieldErrors.message[0] ?? null);
        },
      },
    );
  };

  return (
    <Card withBorder padding="lg" data-testid="ticket-reply">
      <UnsavedChangesGuard dirty={!isEmptyMessage(message) || files.length > 0} />
      <Stack gap="sm">
        {reply.error && !(reply.error instanceof ApiError && reply.error.code === 'validation') && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(reply.error, t)}
          </Alert>
        )}
        <MessageEditor
          label={t('reply.label')}
          value={message}
          onChange={setMessage}
          error={problem}
          testId="ticket-reply-message"
          onReady={ready}
        />
        <AttachmentPicker files={files} onChange={setFiles} disabled={reply.isPending} testId="ticket-reply-files" />
        {progress !== null && <Progress value={progress} animated aria-label={t('attachments.sending')} />}
        <Group justify="flex-end">
          <Button
            onClick={send}
            loading={reply.isPending}
            leftSection={<IconSend size={16} />}
            data-testid="ticket-reply-send"
          >
            {t('reply.send')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
