// "Compare with a count": a CSV or XLSX of counted quantities (code;counted) for the chosen place is read on the
// server and compared with the expected stock. Rows that cannot be read are listed with their row and column, codes
// not in the catalogue listed apart (never dropped), then every product where count and expectation differ, which
// the office may save as a CSV.
import { Alert, Badge, Card, Code, Group, List, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { IconAlertCircle, IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { saveBlobAs } from '../../../lib/object-url';
import { DownloadButton } from '../../../ui/download-button';
import { FileDrop } from '../../../ui/file-drop';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { type StockCountAnswer, type StockPlace, useCompareCount } from '../stock.api';
import { differencesCsv } from '../stock-csv';

/** A count's file: a few thousand rows at most. */
const maxBytes = 5 * 1024 * 1024;
const accept = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.csv', '.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

export function StockCountCard({ place, placeName }: { place: StockPlace; placeName: string }) {
  const { t } = useTranslation(['stock', 'validation', 'errors']);
  const compare = useCompareCount();
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<StockCountAnswer | null>(null);

  const choose = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setFileError(null);
    setAnswer(null);
    setProgress(0);
    compare
      .mutateAsync({ place, file, onProgress: setProgress })
      .then(setAnswer)
      .catch(() => undefined)
      .finally(() => setProgress(null));
  };
  const onReject = (rejections: FileRejection[]) => {
    compare.reset();
    const tooLarge = rejections.some((rejection) => rejection.errors.some((error) => error.code === 'file-too-large'));
    setFileError(tooLarge ? t('errors:fileTooLarge', { max: '\u20665 MB\u2069' }) : t('count.wrongType'));
  };
  const failure = fileError ?? (compare.error ? errorMessage(compare.error, t) : null);
  const exportCsv = async () => {
    if (!answer) return;
    const header = [
      t('columns.code'),
      t('columns.description'),
      t('columns.expected'),
      t('count.counted'),
      t('count.difference'),
    ] as const;
    saveBlobAs(
      new Blob([differencesCsv(answer.differences, header)], { type: 'text/csv;charset=utf-8' }),
      `${t('count.fileName')}-${placeName}.csv`.replaceAll(/[^\p{L}\p{N}._-]+/gu, '-'),
    );
  };

  return (
    <Card withBorder padding="lg" mt="lg" data-testid="stock-count">
      <Title order={2} size="h4" mb={4}>
        {t('count.title')}
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('count.hint', { place: placeName })}
        </Text>
        <List size="sm">
          <List.Item>
            <Code>codice</Code> — {t('count.columns.code')}
          </List.Item>
          <List.Item>
            <Code>quantità</Code> — {t('count.columns.counted')}
          </List.Item>
        </List>
        <FileDrop
          label={t('count.drop')}
          hint={t('count.dropHint')}
          icon={<IconFileSpreadsheet size={32} stroke={1.5} />}
          accept={accept}
          maxSize={maxBytes}
          onDrop={choose}
          onReject={onReject}
          loading={compare.isPending}
          testId="stock-count-drop"
        />
        {progress !== null && <Progress value={progress} aria-label={t('count.sending')} />}
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        {answer && <CountResult answer={answer} onExport={exportCsv} />}
      </Stack>
    </Card>
  );
}

function CountResult({ answer, onExport }: { answer: StockCountAnswer; onExport: () => Promise<void> }) {
  const { t } = useTranslation(['stock', 'validation']);
  return (
    <Stack gap="sm" data-testid="stock-count-result">
      <Text size="sm" data-testid="stock-count-summary">
        {t('count.summary', { counted: answer.counted, differences: answer.differences.length })}
      </Text>
      {answer.errors.length > 0 && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title={t('count.badRows')}
          data-testid="stock-count-errors"
        >
          <List size="sm">
            {answer.errors.map((error) => (
              <List.Item key={`${error.row}-${error.column}`}>
                {t('count.badRow', {
                  row: error.row,
                  column: error.column,
                  value: error.value,
                  problem: t(`validation:${error.rule}`, { value: error.value, defaultValue: t('validation:invalid') }),
                })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {answer.unknownProducts.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconAlertCircle size={18} />}
          title={t('count.unknown')}
          data-testid="stock-count-unknown"
        >
          <Group gap={6}>
            {answer.unknownProducts.map((code) => (
              <Badge key={code} variant="outline" color="yellow" tt="none">
                {code}
              </Badge>
            ))}
          </Group>
        </Alert>
      )}
      {answer.differences.length === 0 ? (
        <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="stock-count-same">
          {t('count.noDifferences')}
        </Alert>
      ) : (
        <>
          <Group justify="space-between">
            <Title order={3} size="h5">
              {t('count.differences')}
            </Title>
            <DownloadButton download={onExport} label={t('count.export')} fileName="csv">
              {t('count.export')}
            </DownloadButton>
          </Group>
          <ResponsiveTable verticalSpacing="xs" data-testid="stock-count-differences">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.code')}</Table.Th>
                <Table.Th>{t('columns.description')}</Table.Th>
                <Table.Th ta="end">{t('columns.expected')}</Table.Th>
                <Table.Th ta="end">{t('count.counted')}</Table.Th>
                <Table.Th ta="end">{t('count.difference')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.differences.map((row) => (
                <Table.Tr key={row.productCode} data-testid={`difference-${row.productCode}`}>
                  <Table.Td>
                    <Text fw={500} size="sm">
                      {row.productCode}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t('columns.description')}>{row.description}</Table.Td>
                  <Table.Td data-label={t('columns.expected')} ta="end">
                    <span dir="ltr">{row.expected}</span>
                  </Table.Td>
                  <Table.Td data-label={t('count.counted')} ta="end">
                    <span dir="ltr">{row.counted}</span>
                  </Table.Td>
                  <Table.Td data-label={t('count.difference')} ta="end">
                    <Text
                      span
                      fw={700}
                      size="sm"
                      c={
                        row.difference < 0
                          ? 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))'
                          : 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))'
                      }
                      dir="ltr"
                    >
                      {row.difference > 0 ? `+${row.difference}` : row.difference}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        </>
      )}
    </Stack>
  );
}
