// The settlement files uploaded, newest first: who, when, the days they cover, what came of them, and each file to
// download again (the demo's, to try the upload with).
import type { PosUpload, PosUploadState } from '@bottega/contracts/pos';
import { Alert, Badge, Card, EmptyState, Group, Pagination, Skeleton, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { DownloadButton } from '../../../ui/download-button';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { listPerPage } from '../../../ui/use-list-page';
import { downloadPosUpload, usePosUploads } from '../pos.api';
import { failureText } from '../pos-format';

const stateColors: Record<PosUploadState, string> = { processing: 'blue', imported: 'teal', failed: 'red' };

function Outcome({ upload }: { upload: PosUpload }) {
  const { t } = useTranslation('pos');
  if (upload.state === 'failed' && upload.failure) {
    return (
      <Text size="sm" c="red">
        {failureText(upload.failure, t)}
      </Text>
    );
  }
  if (upload.state !== 'imported') return null;
  return (
    <Text size="sm">
      {t('upload.rows', { count: upload.rows })} · {t('upload.newRows', { count: upload.newRows })}
      {upload.unknownMerchants.length > 0 &&
        ` · ${t('uploads.unknown', { count: upload.unknownMerchants.reduce((sum, merchant) => sum + merchant.rows, 0) })}`}
    </Text>
  );
}

export function PosUploads() {
  const { t } = useTranslation(['pos', 'errors']);
  const [page, setPage] = useState(1);
  const uploads = usePosUploads(page);
  const rows = uploads.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((uploads.data?.meta.total ?? 0) / listPerPage));
  return (
    <Card withBorder padding={0}>
      {uploads.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" m="md">
          {errorMessage(uploads.error, t)}
        </Alert>
      ) : uploads.isPending ? (
        <Skeleton h={120} m="md" w="auto" />
      ) : rows.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconFileTypeCsv size={32} />}
          title={t('uploads.empty')}
          data-testid="pos-uploads-empty"
        />
      ) : (
        <ResponsiveTable verticalSpacing="sm" data-testid="pos-uploads">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('uploads.file')}</Table.Th>
              <Table.Th>{t('uploads.period')}</Table.Th>
              <Table.Th>{t('fields.state')}</Table.Th>
              <Table.Th>{t('uploads.outcome')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((upload) => (
              <Table.Tr key={upload.id} data-testid={`pos-upload-${upload.id}`}>
                <Table.Td>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    <bdi>{upload.fileName}</bdi>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {upload.uploadedBy?.name ?? '—'} · {formatDateTime(upload.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td data-label={t('uploads.period')} style={{ whiteSpace: 'nowrap' }}>
                  {upload.firstDate ? `${formatDate(upload.firstDate)} – ${formatDate(upload.lastDate)}` : '—'}
                </Table.Td>
                <Table.Td data-label={t('fields.state')}>
                  <Badge variant="light" color={stateColors[upload.state]}>
                    {t(`uploads.states.${upload.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td data-label={t('uploads.outcome')}>
                  <Outcome upload={upload} />
                </Table.Td>
                <Table.Td data-actions>
                  <Group justify="flex-end">
                    <DownloadButton
                      download={() => downloadPosUpload(upload)}
                      label={t('uploads.download')}
                      fileName={upload.fileName}
                      testId={`pos-upload-download-${upload.id}`}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      {pages > 1 && (
        <Group justify="center" p="md">
          <Pagination value={page} total={pages} onChange={setPage} />
        </Group>
      )}
    </Card>
  );
}
