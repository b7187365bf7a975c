// The upload form of one kind (Accountancy › payslips/upload, tax/upload): the company, the period (month and year,
// or the year of a tax certificate) and the consultant's PDF, dropped or picked. On send, the file's upload shows
// its progress, then the split job's bar moves live; once done, the counts per outcome and the way to the review.
import { businessDate } from '@bottega/contracts/dates';
import type { Job } from '@bottega/contracts/jobs';
import { type PayslipKind, type PayslipUpload, payslipUploadMaxBytes } from '@bottega/contracts/payslips';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconFileTypePdf, IconListDetails, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors } from '../../../lib/form-validation';
import { formatFileSize } from '../../../lib/format-file-size';
import { currentLanguage } from '../../../lib/i18n';
import { FileDrop } from '../../../ui/file-drop';
import { isFinished, JobProgress, useJob } from '../../../ui/job-progress';
import { defaultUploadPeriod, itemsPath, monthOptions, periodLabel, recentYears } from '../payslip-format';
import { useRefreshUploads, useSendUpload } from '../payslips.api';
import {
  maxUploadText,
  type UploadFormValues,
  uploadFieldsOf,
  uploadFileProblem,
  uploadFormErrors,
} from '../upload-form';
import { CompanySelect } from './company-select';
import { UploadOutcomes } from './outcome-summary';

const accept = { 'application/pdf': ['.pdf'] };

/** An upload the server took: its row and its split job, followed until it ends. */
type Started = { upload: PayslipUpload; job: Job };

function initialValues(kind: PayslipKind, today: string): UploadFormValues {
  const period = defaultUploadPeriod(kind, today);
  return { companyId: '', year: String(period.year), month: period.month === null ? '' : String(period.month) };
}

/** The split of an upload: its job's bar, then what it made and the way to its review. */
function SplitProgress(props: {
  kind: PayslipKind;
  started: Started;
  userId: number | undefined;
  onAnother: () => void;
}) {
  const { t } = useTranslation('payslips');
  const { upload, job } = props.started;
  const followed = useJob(job, props.userId);
  const finished = isFinished(followed.data);
  const refresh = useRefreshUploads(props.kind);
  // The log and the review read the split's result once it is there.
  useEffect(() => {
    if (finished) refresh();
  }, [finished, refresh]);
  const period = periodLabel(upload, currentLanguage());
  return (
    <Paper withBorder p="md" radius="md" data-testid="upload-split">
      <Stack gap="sm">
        <div>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            <bdi>{upload.fileName}</bdi>
          </Text>
          <Text size="sm" c="dimmed">
            <bdi>{upload.company.name}</bdi> · {period}
          </Text>
        </div>
        <JobProgress job={job} userId={props.userId} label={t('upload.splitProgress', { name: upload.fileName })} />
        {followed.data?.state === 'done' && (
          <>
            <UploadOutcomes kind={props.kind} uploadId={upload.id} />
            <Group gap="sm">
              <Button
                component={Link}
                to={itemsPath(props.kind, upload.id)}
                leftSection={<IconListDetails size={16} />}
                data-testid="upload-open-items"
              >
                {t('upload.openItems')}
              </Button>
              <Button variant="default" onClick={props.onAnother}>
                {t('upload.another')}
              </Button>
            </Group>
          </>
        )}
        {followed.data?.state === 'failed' && (
          <Group>
            <Button variant="default" onClick={props.onAnother}>
              {t('upload.another')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function UploadCard({ kind, userId }: { kind: PayslipKind; userId: number | undefined }) {
  const { t } = useTranslation(['payslips', 'validation', 'errors']);
  const lng = currentLanguage();
  const today = businessDate();
  const send = useSendUpload(kind);
  const form = useForm<UploadFormValues>({
    initialValues: initialValues(kind, today),
    validate: (values) => uploadFormErrors(kind, values, t),
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [started, setStarted] = useState<Started | null>(null);
  const max = maxUploadText;
  const failure =
    send.error && !(send.error instanceof ApiError && send.error.code === 'validation')
      ? errorMessage(send.error, t)
      : null;

  const choose = (files: File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    send.reset();
    const problem = uploadFileProblem(chosen, t);
    setFileError(problem);
    setFile(problem ? null : chosen);
  };
  const onReject = (rejections: FileRejection[]) => {
    send.reset();
    const tooLarge = rejections.some((rejection) => rejection.errors.some((error) => error.code === 'file-too-large'));
    setFile(null);
    setFileError(tooLarge ? t('errors:fileTooLarge', { max }) : t('errors:payslipPdfRequired'));
  };

  const submit = form.onSubmit((values) => {
    const fields = uploadFieldsOf(kind, values);
    if (!file) {
      setFileError(t('upload.fileRequired'));
      return;
    }
    if (!fields) return;
    setProgress(0);
    send
      .mutateAsync({ file, fields, onProgress: setProgress })
      .then((answer) => {
        setStarted(answer);
        setFile(null);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'validation')
          form.setErrors(firstFieldErrors(error.fieldErrors));
      })
      .finally(() => setProgress(null));
  });

  const sending = progress !== null;
  return (
    <Card withBorder padding="lg" data-testid="upload-card">
      <Title order={2} size="h4" mb={4}>
        {t(`kinds.${kind}.upload.formTitle`)}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t(`kinds.${kind}.upload.formHint`)}
      </Text>
      {started ? (
        <SplitProgress
          kind={kind}
          started={started}
          userId={userId}
          onAnother={() => {
            setStarted(null);
            send.reset();
          }}
        />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={kind === 'payslip' ? { base: 1, sm: 2, lg: 3 } : { base: 1, sm: 2 }} spacing="sm">
              <CompanySelect
                value={form.values.companyId || null}
                onChange={(value) => form.setFieldValue('companyId', value ?? '')}
                field={{
                  label: t('fields.company'),
                  required: true,
                  error: form.errors.companyId as string | undefined,
                }}
                testId="upload-company"
              />
              {kind === 'payslip' && (
                <Select
                  label={t('fields.month')}
                  required
                  data={monthOptions(lng)}
                  allowDeselect={false}
                  {...form.getInputProps('month')}
                  value={form.values.month || null}
                  onChange={(value) => form.setFieldValue('month', value ?? '')}
                  data-testid="upload-month"
                />
              )}
              <Select
                label={t('fields.year')}
                required
                data={recentYears(today).map(String)}
                allowDeselect={false}
                {...form.getInputProps('year')}
                value={form.values.year || null}
                onChange={(value) => form.setFieldValue('year', value ?? '')}
                data-testid="upload-year"
              />
            </SimpleGrid>
            <FileDrop
              onDrop={choose}
              onReject={onReject}
              maxSize={payslipUploadMaxBytes}
              accept={accept}
              disabled={sending}
              label={t('upload.drop')}
              hint={t('upload.hint', { max })}
              icon={<IconFileTypePdf size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />}
              testId="upload-drop"
            />
            {file && (
              <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="upload-file">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFileTypePdf size={20} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
                  <Text size="sm" truncate="end">
                    <bdi>{file.name}</bdi>
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    <span dir="ltr">{formatFileSize(file.size)}</span>
                  </Text>
                </Group>
                {!sending && (
                  <Tooltip label={t('upload.removeFile')}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => setFile(null)}
                      aria-label={`${t('upload.removeFile')}: ${file.name}`}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            )}
            {sending && (
              <Group gap="xs" wrap="nowrap" data-testid="upload-progress">
                <Progress value={progress} animated style={{ flex: 1 }} aria-label={t('upload.sending')} />
                <Text size="xs" c="dimmed" w={44} ta="end">
                  {t('upload.percent', { percent: progress })}
                </Text>
              </Group>
            )}
            {(fileError ?? failure) && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="upload-error">
                {fileError ?? failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={sending}
                leftSection={<IconUpload size={16} />}
                data-testid="upload-submit"
              >
                {t('upload.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
