// The employee's documents: identity document and health card (front and back, one file each) and the
// management documents. Images and PDFs are previewed in place from a blob fetched with the bearer
// token; uploads show their progress; deleting asks first. The server checks content and size again.
import '@mantine/dropzone/styles.css';
import {
  documentMimeTypes,
  type EmployeeDocument,
  type SingleDocumentKind,
  singleDocumentKinds,
} from '@bottega/contracts/employees';
import {
  ActionIcon,
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
  Table,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconEye,
  IconFileText,
  IconFileUpload,
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
import {
  downloadDocument,
  useDeleteDocument,
  useDocumentBlob,
  useEmployeeDocuments,
  useUploadDocument,
} from '../employees.api';

function DocumentPreview({
  employeeId,
  document,
  height,
  thumbnail = false,
}: {
  employeeId: number;
  document: EmployeeDocument;
  height: number | string;
  /** A thumbnail only opens the larger preview: the PDF viewer inside it takes no clicks. */
  thumbnail?: boolean;
}) {
  const { t } = useTranslation(['employees', 'errors']);
  const blob = useDocumentBlob(employeeId, document.id);
  const url = useObjectUrl(blob.data);
  if (blob.isError) {
    return (
      <Text size="sm" c="red" role="alert">
        {errorMessage(blob.error, t)}
      </Text>
    );
  }
  if (!url) return <Skeleton h={height} />;
  if (document.mimeType === 'application/pdf') {
    return (
      <object
        data={url}
        type="application/pdf"
        aria-label={document.fileName}
        data-testid="document-preview"
        style={{
          display: 'block',
          width: '100%',
          height,
          border: 0,
          borderRadius: 'var(--mantine-radius-sm)',
          pointerEvents: thumbnail ? 'none' : undefined,
        }}
      >
        <Text size="sm" c="dimmed" p="sm">
          {t('documents.pdfFallback')}
        </Text>
      </object>
    );
  }
  return (
    <Image
      src={url}
      alt={t('documents.previewOf', { name: document.fileName })}
      h={height}
      fit="contain"
      radius="sm"
      bg="var(--mantine-color-default-hover)"
      data-testid="document-preview"
    />
  );
}

/** A larger look at one document. */
function PreviewModal(props: { employeeId: number; document: EmployeeDocument | null; onClose: () => void }) {
  const { t } = useTranslation('employees');
  return (
    <Modal
      opened={props.document !== null}
      onClose={props.onClose}
      title={props.document ? <bdi>{props.document.fileName}</bdi> : ''}
      size="xl"
      centered
    >
      {props.document && <DocumentPreview employeeId={props.employeeId} document={props.document} height="70vh" />}
      <Group justify="flex-end" mt="md">
        {props.document && (
          <DownloadButton
            download={() => downloadDocument(props.employeeId, props.document as EmployeeDocument)}
            label={t('documents.download')}
            fileName={props.document.fileName}
          >
            {t('documents.download')}
          </DownloadButton>
        )}
      </Group>
    </Modal>
  );
}

/**
 * Drop or pick one file; the upload's progress is shown while it is sent. Size and type are checked
 * here first only to answer at once: the server decides from the file's content.
 */
function UploadZone(props: {
  employeeId: number;
  kind: SingleDocumentKind | 'management';
  maxBytes: number;
  label: string;
}) {
  const { t } = useTranslation(['employees', 'errors']);
  const upload = useUploadDocument(props.employeeId, props.kind);
  const [progress, setProgress] = useState<number | null>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const max = formatFileSize(props.maxBytes);
  const failure = rejected ?? errorMessage(upload.error, t);

  const onReject = (rejections: FileRejection[]) => {
    upload.reset();
    const tooLarge = rejections.some((rejection) => rejection.errors.some((error) => error.code === 'file-too-large'));
    setRejected(tooLarge ? t('errors:fileTooLarge', { max }) : t('errors:fileTypeNotAllowed'));
  };
  const onDrop = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setRejected(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (document) => {
          notifications.show({ color: 'green', message: t('documents.uploaded', { name: document.fileName }) });
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Stack gap={6}>
      <Dropzone
        onDrop={onDrop}
        onReject={onReject}
        maxSize={props.maxBytes}
        maxFiles={1}
        multiple={false}
        accept={[...documentMimeTypes]}
        disabled={upload.isPending}
        aria-label={props.label}
        inputProps={{ 'aria-label': props.label }}
        p="xs"
        data-testid={`upload-${props.kind}`}
      >
        <Group justify="center" gap="xs" mih={44} wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={22} stroke={1.5} color="var(--mantine-color-blue-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={22} stroke={1.5} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileUpload size={22} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text size="sm" fw={500}>
              {props.label}
            </Text>
            <Text size="xs" c="dimmed">
              {t('documents.hint', { max })}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {progress !== null && (
        <Group gap="xs" wrap="nowrap" data-testid="upload-progress">
          <Progress value={progress} animated style={{ flex: 1 }} aria-label={t('documents.uploading')} />
          <Text size="xs" c="dimmed" w={44} ta="end">
            {t('documents.percent', { percent: progress })}
          </Text>
        </Group>
      )}
      {failure && (
        <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert" p="xs">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}

function DocumentMeta({ document }: { document: EmployeeDocument }) {
  const { t } = useTranslation('employees');
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={500} truncate="end">
        <bdi>{document.fileName}</bdi>
      </Text>
      <Text size="xs" c="dimmed">
        {formatFileSize(document.size)} · {formatDateTime(document.uploadedAt)}
        {document.uploadedBy && (
          <>
            {' · '}
            {t('documents.by')} <bdi>{document.uploadedBy}</bdi>
          </>
        )}
      </Text>
    </Stack>
  );
}

/** One side of the identity document or of the health card. */
function DocumentSlot(props: {
  employeeId: number;
  kind: SingleDocumentKind;
  document: EmployeeDocument | undefined;
  maxBytes: number;
  canEdit: boolean;
  onPreview: (document: EmployeeDocument) => void;
  onDelete: (document: EmployeeDocument) => void;
}) {
  const { t } = useTranslation('employees');
  const { document } = props;
  const title = t(`documents.kinds.${props.kind}`);
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`document-${props.kind}`}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {title}
        </Text>
        {document ? (
          <>
            <UnstyledButton
              onClick={() => props.onPreview(document)}
              aria-label={t('documents.enlarge', { name: document.fileName })}
            >
              <DocumentPreview employeeId={props.employeeId} document={document} height={160} thumbnail />
            </UnstyledButton>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <DocumentMeta document={document} />
              <Group gap={2} wrap="nowrap">
                <Tooltip label={t('documents.preview')}>
                  <ActionIcon
                    variant="subtle"
                    onClick={() => props.onPreview(document)}
                    aria-label={`${t('documents.preview')}: ${title}`}
                  >
                    <IconEye size={18} />
                  </ActionIcon>
                </Tooltip>
                <DownloadButton
                  download={() => downloadDocument(props.employeeId, document)}
                  label={t('documents.download')}
                  fileName={document.fileName}
                />
                {props.canEdit && (
                  <Tooltip label={t('documents.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => props.onDelete(document)}
                      aria-label={`${t('documents.delete')}: ${title}`}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>
          </>
        ) : (
          <Box
            h={props.canEdit ? 60 : 160}
            style={{
              display: 'grid',
              placeItems: 'center',
              borderRadius: 'var(--mantine-radius-sm)',
              background: 'var(--mantine-color-default-hover)',
            }}
          >
            <Text size="sm" c="dimmed">
              {t('documents.missing')}
            </Text>
          </Box>
        )}
        {props.canEdit && (
          <UploadZone
            employeeId={props.employeeId}
            kind={props.kind}
            maxBytes={props.maxBytes}
            label={document ? t('documents.replace') : t('documents.upload')}
          />
        )}
      </Stack>
    </Paper>
  );
}

export function EmployeeDocuments(props: { employeeId: number; canEdit: boolean; canManage: boolean }) {
  const { t } = useTranslation(['employees', 'errors']);
  const { employeeId } = props;
  const documents = useEmployeeDocuments(employeeId);
  const deletion = useDeleteConfirmation(
    useDeleteDocument(employeeId),
    (document: EmployeeDocument) => document.fileName,
  );
  const [previewing, setPreviewing] = useState<EmployeeDocument | null>(null);

  if (documents.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(documents.error, t)}
      </Alert>
    );
  }
  if (!documents.data) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton h={280} />
        <Skeleton h={280} />
      </SimpleGrid>
    );
  }
  const { maxBytes } = documents.data;
  const current = (kind: SingleDocumentKind) => documents.data.documents.find((document) => document.kind === kind);
  const management = documents.data.documents.filter((document) => document.kind === 'management');
  const slot = (kind: SingleDocumentKind) => (
    <DocumentSlot
      key={kind}
      employeeId={employeeId}
      kind={kind}
      document={current(kind)}
      maxBytes={maxBytes}
      canEdit={props.canEdit}
      onPreview={setPreviewing}
      onDelete={deletion.ask}
    />
  );
  const pairs = [
    { title: t('documents.identity'), kinds: singleDocumentKinds.slice(0, 2) },
    { title: t('documents.healthCard'), kinds: singleDocumentKinds.slice(2, 4) },
  ];

  return (
    <Stack gap="md">
      {pairs.map((pair) => (
        <Card withBorder padding="lg" key={pair.title}>
          <Title order={2} size="h4" mb="sm">
            {pair.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{pair.kinds.map(slot)}</SimpleGrid>
        </Card>
      ))}
      <Card withBorder padding="lg" data-testid="management-documents">
        <Title order={2} size="h4" mb={4}>
          {t('documents.management')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('documents.managementHint')}
        </Text>
        {props.canManage && (
          <Box mb="sm">
            <UploadZone
              employeeId={employeeId}
              kind="management"
              maxBytes={maxBytes}
              label={t('documents.uploadManagement')}
            />
          </Box>
        )}
        {management.length === 0 ? (
          <EmptyState py="md" icon={<IconFileText size={28} />} title={t('documents.noManagement')} />
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('documents.fileName')}</Table.Th>
                  <Table.Th>{t('documents.size')}</Table.Th>
                  <Table.Th>{t('documents.uploadedAt')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {management.map((document) => (
                  <Table.Tr key={document.id}>
                    <Table.Td>
                      <Text size="sm">
                        <bdi>{document.fileName}</bdi>
                      </Text>
                      {document.uploadedBy && (
                        <Text size="xs" c="dimmed">
                          {t('documents.by')} <bdi>{document.uploadedBy}</bdi>
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{formatFileSize(document.size)}</Table.Td>
                    <Table.Td>{formatDateTime(document.uploadedAt)}</Table.Td>
                    <Table.Td>
                      <Group gap={2} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('documents.preview')}>
                          <ActionIcon
                            variant="subtle"
                            onClick={() => setPreviewing(document)}
                            aria-label={`${t('documents.preview')}: ${document.fileName}`}
                          >
                            <IconEye size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <DownloadButton
                          download={() => downloadDocument(employeeId, document)}
                          label={t('documents.download')}
                          fileName={document.fileName}
                        />
                        {props.canManage && (
                          <Tooltip label={t('documents.delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              onClick={() => deletion.ask(document)}
                              aria-label={`${t('documents.delete')}: ${document.fileName}`}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <PreviewModal employeeId={employeeId} document={previewing} onClose={() => setPreviewing(null)} />
      <DeleteConfirmationModal
        deletion={deletion}
        t={t}
        texts={{
          title: 'documents.deleteTitle',
          message: 'documents.deleteMessage',
          confirm: 'documents.delete',
          done: 'documents.deleted',
        }}
      />
    </Stack>
  );
}
