// The report's "attachments" tab: photos or PDFs of the fiscal close and of the POS slips. Files are dropped or
// picked (JPEG, PNG, WebP, PDF), sent one after the other with their progress, and shown as a grid of thumbnails;
// a preview opens larger (images inline, PDFs in the browser's viewer), downloads keep the file's name, and
// deleting asks first. The bytes are fetched with the bearer token. The server checks content and size again.
import '@mantine/dropzone/styles.css';
import { type CashReport, cashReportAttachmentMimeTypes } from '@bottega/contracts/cash-register';
import {
  Alert,
  Box,
  Card,
  EmptyState,
  Group,
  Image,
  Modal,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconEye,
  IconFileTypePdf,
  IconFileUpload,
  IconPaperclip,
  IconTrash,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { formatFileSize } from '../../../lib/format-file-size';
import { useObjectUrl } from '../../../lib/object-url';
import { DeleteConfirmationModal, useDeleteConfirmation } from '../../../ui/delete-confirmation';
import { DownloadButton } from '../../../ui/download-button';
import { RowAction } from '../../../ui/row-action';
import { useAuthUser } from '../../auth/auth.api';
import {
  type CashReportAttachment,
  downloadAttachment,
  useAttachmentBlob,
  useDeleteAttachment,
  useReportAttachments,
  useUploadAttachment,
} from '../attachments.api';

const isPdf = (attachment: CashReportAttachment) => attachment.contentType === 'application/pdf';

/** The file itself: an image, or the PDF in the browser's viewer (a thumbnail shows only an icon for a PDF). */
export function AttachmentView(props: { reportId: number; attachment: CashReportAttachment; height: number | string }) {
  const { t } = useTranslation(['cash-report-details', 'errors']);
  const blob = useAttachmentBlob(props.reportId, props.attachment.id);
  const url = useObjectUrl(blob.data);
  if (blob.isError) {
    return (
      <Text size="sm" c="red" role="alert" p="sm">
        {errorMessage(blob.error, t)}
      </Text>
    );
  }
  if (!url) return <Skeleton h={props.height} />;
  if (isPdf(props.attachment)) {
    return (
      <iframe
        src={url}
        title={props.attachment.fileName}
        data-testid="attachment-preview-frame"
        style={{
          display: 'block',
          width: '100%',
          height: props.height,
          border: 0,
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      />
    );
  }
  return (
    <Image
      src={url}
      alt={t('attachments.previewOf', { name: props.attachment.fileName })}
      h={props.height}
      fit="contain"
      radius="sm"
      bg="var(--mantine-color-default-hover)"
      data-testid="attachment-preview-image"
    />
  );
}

function Thumbnail(props: { reportId: number; attachment: CashReportAttachment }) {
  if (isPdf(props.attachment)) {
    return (
      <Box
        h={140}
        style={{
          display: 'grid',
          placeItems: 'center',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-default-hover)',
        }}
      >
        <IconFileTypePdf size={56} stroke={1.3} color="var(--mantine-color-red-6)" />
      </Box>
    );
  }
  return <AttachmentView reportId={props.reportId} attachment={props.attachment} height={140} />;
}

/** What is being sent: the file, its place in the batch and the share sent. */
type Sending = { fileName: string; index: number; count: number; percent: number };

function UploadZone({ reportId }: { reportId: number }) {
  const { t } = useTranslation(['cash-report-details', 'errors']);
  const upload = useUploadAttachment(reportId);
  const [sending, setSending] = useState<Sending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onReject = (rejections: FileRejection[]) => {
    const names = rejections.map((rejection) => rejection.file.name).join(', ');
    setFailure(`${names}: ${t('errors:fileTypeNotAllowed')}`);
  };
  const onDrop = async (files: File[]) => {
    setFailure(null);
    let sent = 0;
    for (const [index, file] of files.entries()) {
      setSending({ fileName: file.name, index: index + 1, count: files.length, percent: 0 });
      try {
        await upload.mutateAsync({
          file,
          onProgress: (percent) => setSending((current) => current && { ...current, percent }),
        });
        sent += 1;
      } catch (error) {
        setFailure(`${file.name}: ${errorMessage(error, t)}`);
      }
    }
    setSending(null);
    if (sent > 0) notifications.show({ color: 'green', message: t('attachments.uploaded', { count: sent }) });
  };

  return (
    <Stack gap={6} mb="md">
      <Dropzone
        onDrop={onDrop}
        onReject={onReject}
        accept={[...cashReportAttachmentMimeTypes]}
        disabled={sending !== null}
        aria-label={t('attachments.upload')}
        inputProps={{ 'aria-label': t('attachments.upload') }}
        p="md"
        data-testid="attachment-upload"
      >
        <Group justify="center" gap="sm" mih={64} wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={28} stroke={1.5} color="var(--mantine-color-blue-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={28} stroke={1.5} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileUpload size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text size="sm" fw={500}>
              {t('attachments.upload')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('attachments.hint')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {sending && (
        <Stack gap={2} data-testid="attachment-upload-progress">
          <Text size="xs" c="dimmed" truncate="end">
            {t('attachments.sending', { index: sending.index, count: sending.count })} <bdi>{sending.fileName}</bdi>
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Progress value={sending.percent} animated style={{ flex: 1 }} aria-label={t('attachments.uploading')} />
            <Text size="xs" c="dimmed" w={44} ta="end">
              {t('attachments.percent', { percent: sending.percent })}
            </Text>
          </Group>
        </Stack>
      )}
      {failure && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={16} />}
          role="alert"
          p="xs"
          withCloseButton
          onClose={() => setFailure(null)}
          data-testid="attachment-upload-error"
        >
          {failure}
        </Alert>
      )}
    </Stack>
  );
}

export function AttachmentsTab({ report }: { report: CashReport }) {
  const { t } = useTranslation(['cash-report-details', 'errors']);
  const attachments = useReportAttachments(report.id);
  const can = new Set(useAuthUser().data?.can ?? []);
  // Uploaded by the shop's staff (the daily close), on an open day or as a correction of a closed one.
  const writable = can.has('shops.cashRegister.dailyClose') && (report.status !== 'closed' || report.can.correct);
  const [previewing, setPreviewing] = useState<CashReportAttachment | null>(null);
  const deletion = useDeleteConfirmation(
    useDeleteAttachment(report.id),
    (attachment: CashReportAttachment) => attachment.fileName,
  );
  const rows = attachments.data ?? [];

  return (
    <Card withBorder padding="lg" data-testid="attachments-tab">
      <Group gap="sm" mb={4} wrap="nowrap">
        <IconPaperclip size={22} color="var(--mantine-color-dimmed)" />
        <Title order={2} size="h4">
          {t('attachments.title')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('attachments.description')}
      </Text>
      {writable && <UploadZone reportId={report.id} />}
      {attachments.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(attachments.error, t)}
        </Alert>
      ) : attachments.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
          <Skeleton h={210} />
          <Skeleton h={210} />
        </SimpleGrid>
      ) : rows.length === 0 ? (
        <EmptyState
          py="lg"
          icon={<IconPaperclip size={28} />}
          title={t('attachments.empty')}
          description={writable ? t('attachments.emptyHint') : undefined}
          data-testid="attachments-empty"
        />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} data-testid="attachments-grid">
          {rows.map((attachment) => (
            <Paper key={attachment.id} withBorder p="xs" radius="md" data-testid={`attachment-${attachment.id}`}>
              <Stack gap={6}>
                <UnstyledButton
                  onClick={() => setPreviewing(attachment)}
                  aria-label={t('attachments.enlarge', { name: attachment.fileName })}
                >
                  <Thumbnail reportId={report.id} attachment={attachment} />
                </UnstyledButton>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate="end" title={attachment.fileName}>
                    <bdi>{attachment.fileName}</bdi>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatFileSize(attachment.size)} · {formatDateTime(attachment.uploadedAt)}
                  </Text>
                </div>
                <Group justify="space-between" wrap="nowrap" gap={4}>
                  <Text size="xs" c="dimmed" truncate="end" style={{ minWidth: 0 }}>
                    {attachment.uploadedBy && (
                      <>
                        {t('attachments.by')} <bdi>{attachment.uploadedBy}</bdi>
                      </>
                    )}
                  </Text>
                  <Group gap={0} wrap="nowrap">
                    <RowAction
                      label={t('attachments.preview')}
                      subject={attachment.fileName}
                      icon={<IconEye size={18} />}
                      onClick={() => setPreviewing(attachment)}
                      testId={`attachment-preview-${attachment.id}`}
                    />
                    <DownloadButton
                      download={() => downloadAttachment(report.id, attachment)}
                      label={t('attachments.download')}
                      fileName={attachment.fileName}
                      testId={`attachment-download-${attachment.id}`}
                    />
                    {writable && (
                      <RowAction
                        label={t('attachments.delete')}
                        subject={attachment.fileName}
                        icon={<IconTrash size={18} />}
                        color="red"
                        onClick={() => deletion.ask(attachment)}
                        testId={`attachment-delete-${attachment.id}`}
                      />
                    )}
                  </Group>
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Modal
        opened={previewing !== null}
        onClose={() => setPreviewing(null)}
        title={previewing ? <bdi>{previewing.fileName}</bdi> : ''}
        size="xl"
        centered
      >
        {previewing && (
          <Box data-testid="attachment-preview">
            <AttachmentView reportId={report.id} attachment={previewing} height="70vh" />
            <Group justify="flex-end" mt="md">
              <DownloadButton
                download={() => downloadAttachment(report.id, previewing)}
                label={t('attachments.download')}
                fileName={previewing.fileName}
              >
                {t('attachments.download')}
              </DownloadButton>
            </Group>
          </Box>
        )}
      </Modal>
      <DeleteConfirmationModal
        deletion={deletion}
        t={t}
        texts={{
          title: 'attachments.deleteTitle',
          message: 'attachments.deleteMessage',
          confirm: 'attachments.delete',
          done: 'attachments.deleted',
        }}
      />
    </Card>
  );
}
