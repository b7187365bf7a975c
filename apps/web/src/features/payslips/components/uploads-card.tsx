// The uploads of one kind as a card: the screen's filters, then the server's refusal, the loading rows, the empty
// state or the table, and the pages. Each row tells the file, its company and period, how far the split got and
// what it made, who uploaded it and when; its actions are the screen's (open the review, convalidate, delete).
import type { PayslipKind, PayslipUpload } from '@bottega/contracts/payslips';
import { Badge, Card, EmptyState, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { IconClipboardCheck, IconFileText, IconListDetails } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { formatFileSize } from '../../../lib/format-file-size';
import { currentLanguage } from '../../../lib/i18n';
import { DownloadButton } from '../../../ui/download-button';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { RowAction } from '../../../ui/row-action';
import { itemsPath, periodLabel, personName } from '../payslip-format';
import { downloadUploadFile } from '../payslips.api';
import { UploadStateBadge } from './payslip-badges';

export type UploadPage = { data: PayslipUpload[]; meta: { page: number; perPage: number; total: number } };

/** What the split made of the file: the payslips written, how many are convalidated, the problems to look at. */
export function UploadCounts({ kind, upload }: { kind: PayslipKind; upload: PayslipUpload }) {
  const { t } = useTranslation('payslips');
  if (upload.state === 'processing') return null;
  const { payslips, convalidated, problems } = upload.counts;
  return (
    <Group gap={6} wrap="wrap" data-testid="upload-counts">
      <Text size="sm" span>
        {t(`kinds.${kind}.count`, { count: payslips })}
      </Text>
      {payslips > 0 && (
        <Text size="xs" c="dimmed" span>
          {t('counts.convalidated', { count: convalidated, total: payslips })}
        </Text>
      )}
      {problems > 0 && (
        <Badge color="orange" variant="light" tt="none">
          {t('counts.problems', { count: problems })}
        </Badge>
      )}
    </Group>
  );
}

/** The review of the upload (its items), `pending` for those still to convalidate. */
export function OpenUploadAction(props: { kind: PayslipKind; upload: PayslipUpload; pending?: boolean }) {
  const { t } = useTranslation('payslips');
  return (
    <RowAction
      label={props.pending ? t('actions.review') : t('actions.openItems')}
      subject={props.upload.fileName}
      icon={props.pending ? <IconClipboardCheck size={18} /> : <IconListDetails size={18} />}
      to={itemsPath(props.kind, props.upload.id, { pending: props.pending })}
      testId={`upload-open-${props.upload.id}`}
    />
  );
}

/** The consultant's original file, as uploaded. */
export function DownloadUploadAction(props: { kind: PayslipKind; upload: PayslipUpload }) {
  const { t } = useTranslation('payslips');
  return (
    <DownloadButton
      download={() => downloadUploadFile(props.kind, props.upload)}
      label={t('actions.downloadOriginal')}
      fileName={props.upload.fileName}
      testId={`upload-download-${props.upload.id}`}
    />
  );
}

export function UploadsCard(props: {
  kind: PayslipKind;
  query: Pick<UseQueryResult<UploadPage>, 'data' | 'error' | 'isError' | 'isPending'>;
  page: number;
  onPage: (page: number) => void;
  /** The screen's filters, above the table. */
  filters?: ReactNode;
  empty: { title: string; description?: string };
  /** The row's buttons. */
  actions?: (upload: PayslipUpload) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('payslips');
  const lng = currentLanguage();
  const { query, kind } = props;
  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;
  const perPage = query.data?.meta.perPage ?? 1;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const columns = [
    t('columns.company'),
    t('columns.period'),
    t('columns.pages'),
    t('columns.state'),
    t(`kinds.${kind}.plural`),
    t('columns.uploaded'),
  ];

  return (
    <Card withBorder padding={0} data-testid={props.testId}>
      {props.filters && (
        <Group p="md" gap="sm" align="flex-end">
          {props.filters}
        </Group>
      )}
      {query.isError || (query.isPending && !query.data) ? (
        <QueryPlaceholder query={query} loadingTestId={`${props.testId}-loading`} />
      ) : rows.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconFileText size={32} />}
          title={props.empty.title}
          description={props.empty.description}
          data-testid={`${props.testId}-empty`}
        />
      ) : (
        <ResponsiveTable verticalSpacing="sm" highlightOnHover data-testid={`${props.testId}-table`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.file')}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((upload) => (
              <Table.Tr key={upload.id} data-testid={`upload-${upload.id}`}>
                <Table.Td style={{ maxWidth: 260 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    <bdi>{upload.fileName}</bdi>
                  </Text>
                  <Text size="xs" c="dimmed">
                    <span dir="ltr">{formatFileSize(upload.size)}</span>
                  </Text>
                </Table.Td>
                <Table.Td data-label={columns[0]}>
                  <bdi>{upload.company.name}</bdi>
                </Table.Td>
                <Table.Td data-label={columns[1]} style={{ whiteSpace: 'nowrap' }}>
                  {periodLabel(upload, lng)}
                </Table.Td>
                <Table.Td data-label={columns[2]}>{upload.pages ?? ''}</Table.Td>
                <Table.Td data-label={columns[3]}>
                  <Stack gap={2} align="flex-start">
                    <UploadStateBadge state={upload.state} />
                    {upload.failure && (
                      <Text size="xs" c="dimmed">
                        {t(`failures.${upload.failure}`)}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td data-label={columns[4]}>
                  <UploadCounts kind={kind} upload={upload} />
                </Table.Td>
                <Table.Td data-label={columns[5]}>
                  <Stack gap={0} align="flex-start">
                    {upload.uploadedBy && (
                      <Text size="sm">
                        <bdi>{personName(upload.uploadedBy)}</bdi>
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(upload.createdAt)}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td data-actions>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {props.actions?.(upload)}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      {(pages > 1 || total > 0) && (
        <Group justify="space-between" p="md" gap="sm">
          <Text size="sm" c="dimmed" data-testid={`${props.testId}-total`}>
            {t('counts.uploads', { count: total })}
          </Text>
          {pages > 1 && <Pagination value={props.page} onChange={props.onPage} total={pages} />}
        </Group>
      )}
    </Card>
  );
}
