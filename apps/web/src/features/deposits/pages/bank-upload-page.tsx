// Accountancy › Carica estratto conto (deposit/upload/bank): a statement from home banking, CAMT.053 or CBI, dropped
// or picked; the file's sending and then its reading move a bar; once read, how many lines were new (a statement
// uploaded again adds none) and the way to the check, or the reason it was refused with its line. The uploads so far
// below; with the demo data, the demo bank's statement to try it with.
import { type BankUpload, bankStatementMaxBytes } from '@bottega/contracts/bank';
import type { Job } from '@bottega/contracts/jobs';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconFileText, IconListCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicSettings } from '../../../app/app-footer';
import { errorMessage } from '../../../lib/error-message';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { formatFileSize } from '../../../lib/format-file-size';
import { DownloadButton } from '../../../ui/download-button';
import { FileDrop } from '../../../ui/file-drop';
import { isFinished, JobProgress, useJob } from '../../../ui/job-progress';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useAuthUser } from '../../auth/auth.api';
import {
  bankUploadsPerPage,
  downloadDemoStatement,
  useBankUpload,
  useBankUploads,
  useSendBankStatement,
} from '../bank.api';
import { bankFailureText } from '../bank-format';
import { BankLinesModal } from '../components/bank-lines-modal';

const stateColor = { processing: 'blue', imported: 'teal', failed: 'red' } as const;

/** What a read upload gave, or why it was refused. */
function UploadOutcome({ upload }: { upload: BankUpload }) {
  const { t } = useTranslation('deposits');
  if (upload.state === 'failed' && upload.failure)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="bank-upload-failure">
        {bankFailureText(upload.failure, t)}
      </Alert>
    );
  if (upload.state !== 'imported') return null;
  return (
    <Alert color="teal" data-testid="bank-upload-result">
      <Text size="sm">
        {t('bank.result', {
          lines: upload.lines,
          newLines: upload.newLines,
          from: upload.firstDate ? formatDate(upload.firstDate) : '—',
          to: upload.lastDate ? formatDate(upload.lastDate) : '—',
        })}
      </Text>
      {upload.newLines === 0 && upload.lines > 0 && (
        <Text size="sm" mt={4}>
          {t('bank.nothingNew')}
        </Text>
      )}
    </Alert>
  );
}

/** The reading of the upload just sent: its job's bar, then its outcome and the way to the check. */
function Reading(props: {
  started: { upload: BankUpload; job: Job };
  userId: number | undefined;
  onAnother: () => void;
}) {
  const { t } = useTranslation('deposits');
  const followed = useJob(props.started.job, props.userId);
  const finished = isFinished(followed.data);
  const upload = useBankUpload(props.started.upload.id, finished);
  useEffect(() => {
    if (finished) void upload.refetch();
  }, [finished, upload.refetch]);
  return (
    <Stack gap="sm" data-testid="bank-upload-reading">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        <bdi>{props.started.upload.fileName}</bdi>
      </Text>
      <JobProgress job={props.started.job} userId={props.userId} label={t('bank.reading')} />
      {finished && upload.data && <UploadOutcome upload={upload.data} />}
      {finished && (
        <Group gap="sm">
          {upload.data?.state === 'imported' && (
            <Button component={Link} to="/app/deposit/check" leftSection={<IconListCheck size={16} />}>
              {t('bank.toCheck')}
            </Button>
          )}
          <Button variant="default" onClick={props.onAnother}>
            {t('bank.another')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function UploadCard() {
  const { t } = useTranslation(['deposits', 'errors']);
  const user = useAuthUser().data;
  const demo = usePublicSettings().data?.demo ?? false;
  const send = useSendBankStatement();
  const [percent, setPercent] = useState<number | null>(null);
  const [started, setStarted] = useState<{ upload: BankUpload; job: Job } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const max = formatFileSize(bankStatementMaxBytes);

  const choose = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setRefusal(null);
    setPercent(0);
    send.mutate(
      { file, onProgress: setPercent },
      {
        onSuccess: (answer) => setStarted(answer),
        onError: (error) => setRefusal(errorMessage(error, t)),
        onSettled: () => setPercent(null),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        {started ? (
          <Reading started={started} userId={user?.id} onAnother={() => setStarted(null)} />
        ) : (
          <>
            <FileDrop
              onDrop={choose}
              onReject={() => setRefusal(t('errors:fileTooLarge', { max }))}
              maxSize={bankStatementMaxBytes}
              loading={send.isPending}
              label={t('bank.drop')}
              hint={t('bank.formats', { max })}
              icon={<IconFileText size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />}
              testId="bank-dropzone"
            />
            {percent !== null && <Progress value={percent} aria-label={t('bank.sending')} animated />}
            {refusal && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {refusal}
              </Alert>
            )}
          </>
        )}
        {demo && !started && (
          <Group gap="sm" data-testid="bank-demo-files">
            <Text size="sm" c="dimmed">
              {t('bank.demo')}
            </Text>
            {(['camt053', 'cbi'] as const).map((format) => {
              const fileName = `estratto-conto-demo.${format === 'camt053' ? 'xml' : 'txt'}`;
              return (
                <DownloadButton
                  key={format}
                  download={() => downloadDemoStatement(format, fileName)}
                  label={t(`bank.demoFormat.${format}`)}
                  fileName={fileName}
                  testId={`bank-demo-${format}`}
                >
                  {t(`bank.demoFormat.${format}`)}
                </DownloadButton>
              );
            })}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function UploadsLog() {
  const { t } = useTranslation('deposits');
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<BankUpload | null>(null);
  const uploads = useBankUploads(page);
  const rows = uploads.data?.data ?? [];
  const total = uploads.data?.meta.total ?? 0;
  return (
    <section aria-labelledby="bank-log-title">
      <Title order={2} size="h4" id="bank-log-title" mb="sm">
        {t('bank.logTitle')}
      </Title>
      {!uploads.data ? (
        <QueryPlaceholder query={uploads} />
      ) : rows.length === 0 ? (
        <Text c="dimmed" data-testid="bank-uploads-empty">
          {t('bank.empty')}
        </Text>
      ) : (
        <ResponsiveTable verticalSpacing="sm" data-testid="bank-uploads">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bank.columns.file')}</Table.Th>
              <Table.Th>{t('bank.columns.uploaded')}</Table.Th>
              <Table.Th>{t('bank.columns.state')}</Table.Th>
              <Table.Th ta="end">{t('bank.columns.lines')}</Table.Th>
              <Table.Th>{t('bank.columns.period')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((upload) => (
              <Table.Tr key={upload.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <IconFileText size={16} aria-hidden />
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      <bdi>{upload.fileName}</bdi>
                    </Text>
                  </Group>
                  {upload.format && (
                    <Text size="xs" c="dimmed">
                      {t(`bank.format.${upload.format}`)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label={t('bank.columns.uploaded')}>
                  <Text size="sm">{formatDateTime(upload.createdAt)}</Text>
                  <Text size="xs" c="dimmed">
                    {upload.uploadedBy ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td data-label={t('bank.columns.state')}>
                  <Badge variant="light" color={stateColor[upload.state]}>
                    {t(`bank.states.${upload.state}`)}
                  </Badge>
                  {upload.failure && (
                    <Text size="xs" c="red" mt={4}>
                      {bankFailureText(upload.failure, t)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="end" data-label={t('bank.columns.lines')}>
                  {upload.state === 'imported' && upload.newLines > 0 ? (
                    <Anchor component="button" type="button" size="sm" onClick={() => setShown(upload)}>
                      {t('bank.linesNew', { lines: upload.lines, newLines: upload.newLines })}
                    </Anchor>
                  ) : upload.state === 'imported' ? (
                    t('bank.linesNew', { lines: upload.lines, newLines: upload.newLines })
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td data-label={t('bank.columns.period')}>
                  {upload.firstDate && upload.lastDate
                    ? `${formatDate(upload.firstDate)} – ${formatDate(upload.lastDate)}`
                    : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      {total > bankUploadsPerPage && (
        <Pagination mt="md" total={Math.ceil(total / bankUploadsPerPage)} value={page} onChange={setPage} />
      )}
      <BankLinesModal upload={shown} onClose={() => setShown(null)} />
    </section>
  );
}

export default function BankUploadPage() {
  const { t } = useTranslation('deposits');
  return (
    <>
      <PageHeader title={t('bank.title')} description={t('bank.description')} />
      <Stack gap="lg">
        <UploadCard />
        <UploadsLog />
      </Stack>
    </>
  );
}
