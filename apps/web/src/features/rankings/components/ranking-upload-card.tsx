// The ranking portal's file for the chosen shop: its columns explained with an example to download (the shop and its
// competitors in the chosen month), then a CSV dropped or picked is sent and read at once on the server — a few hundred
// lines at most — and either every position is imported or none is, each bad line named with its number.
import { type PeriodPositions, type RankingFileImport, rankingFileMaxBytes } from '@bottega/contracts/rankings';
import { Alert, Button, Card, Code, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { IconAlertCircle, IconCircleCheck, IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatFileSize } from '../../../lib/format-file-size';
import { saveBlobAs } from '../../../lib/object-url';
import { FileDrop } from '../../../ui/file-drop';
import { rankingFileExample } from '../ranking-file-example';
import { useSendRankingFile } from '../rankings.api';

/** Spreadsheets and browsers name a CSV in several ways; the server reads the bytes whatever the type says. */
const accept = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.csv'],
};

/** The bad lines of a refused file, in line order: `line.N` → its problems. */
function badLines(error: unknown): { line: number; problems: string[] }[] {
  if (!(error instanceof ApiError) || error.code !== 'rankingFileRejected') return [];
  return Object.entries(error.fieldErrors)
    .map(([key, problems]) => ({ line: Number(key.replace('line.', '')), problems }))
    .sort((a, b) => a.line - b.line);
}

export function RankingUploadCard({ positions }: { positions: PeriodPositions }) {
  const { t } = useTranslation(['rankings', 'errors']);
  const send = useSendRankingFile();
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [imported, setImported] = useState<RankingFileImport | null>(null);
  // Isolated, so the size reads whole in a right-to-left sentence.
  const max = `\u2066${formatFileSize(rankingFileMaxBytes)}\u2069`;

  const choose = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setFileError(null);
    setImported(null);
    setProgress(0);
    send
      .mutateAsync({ shopId: positions.shopId, file, onProgress: setProgress })
      .then(setImported)
      .catch(() => undefined)
      .finally(() => setProgress(null));
  };
  const onReject = (rejections: FileRejection[]) => {
    send.reset();
    const tooLarge = rejections.some((rejection) => rejection.errors.some((error) => error.code === 'file-too-large'));
    setFileError(tooLarge ? t('errors:fileTooLarge', { max }) : t('upload.notCsv'));
  };
  const download = () =>
    saveBlobAs(
      new Blob([rankingFileExample(positions)], { type: 'text/csv;charset=utf-8' }),
      `ranking-${positions.period}.csv`,
    );
  const failure = fileError ?? (send.error ? errorMessage(send.error, t) : null);
  const lines = badLines(send.error);

  return (
    <Card withBorder padding="lg" data-testid="ranking-upload">
      <Title order={2} size="h4" mb={4}>
        {t('upload.title')}
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('upload.hint')}
        </Text>
        <List size="sm">
          <List.Item>
            <Code>period</Code> — {t('upload.columns.period')}
          </List.Item>
          <List.Item>
            <Code>name</Code> — {t('upload.columns.name')}
          </List.Item>
          <List.Item>
            <Code>position</Code> — {t('upload.columns.position')}
          </List.Item>
          <List.Item>
            <Code>score</Code> — {t('upload.columns.score')}
          </List.Item>
        </List>
        <Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={download}
            data-testid="ranking-upload-example"
          >
            {t('upload.example')}
          </Button>
        </Group>
        <FileDrop
          onDrop={choose}
          onReject={onReject}
          maxSize={rankingFileMaxBytes}
          accept={accept}
          loading={progress !== null}
          label={t('upload.drop')}
          hint={t('upload.limits', { max })}
          icon={<IconFileTypeCsv size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />}
          testId="ranking-upload-drop"
        />
        {progress !== null && (
          <Progress value={progress} animated aria-label={t('upload.sending')} data-testid="ranking-upload-sending" />
        )}
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="ranking-upload-error">
            <Text size="sm">{failure}</Text>
            {lines.length > 0 && (
              <List size="sm" mt="xs" data-testid="ranking-upload-lines">
                {lines.map(({ line, problems }) => (
                  <List.Item key={line}>
                    {t('upload.line', { line })}: {problems.join(' ')}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {imported && (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="ranking-upload-result">
            {t('upload.imported', {
              imported: imported.imported,
              unchanged: imported.unchanged,
              months: imported.periods.map((period) => `${period.slice(5)}/${period.slice(0, 4)}`).join(', '),
            })}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
