// Importing a CSV or XLSX of lines: the server reads it and answers its lines, the rows it refused and the codes not
// in the catalogue; the person sees that report before anything is put in the form, and a sheet with refused rows
// puts nothing (it is corrected and imported again).
import type { LogisticsFileKind } from '@bottega/contracts/logistics';
import { Alert, Button, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatFileSize } from '../../../lib/format-file-size';
import { FileDrop } from '../../../ui/file-drop';
import { type ImportAnswer, useImportLines } from '../logistics.api';
import { RowErrors } from './row-errors';

// The server's limit for a sheet of lines (logistics-sheets.ts), said before a larger one is sent.
const maxImportBytes = 5 * 1024 * 1024;

export function ImportLinesModal(props: {
  kind: LogisticsFileKind;
  opened: boolean;
  onClose: () => void;
  onImport: (answer: ImportAnswer) => void;
}) {
  const { t } = useTranslation(['logistics', 'errors']);
  const importLines = useImportLines(props.kind);
  const [progress, setProgress] = useState(0);
  const [rejected, setRejected] = useState(false);
  const answer = importLines.data;
  const close = () => {
    importLines.reset();
    setRejected(false);
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title={t('import.title')} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm">{t('import.explain')}</Text>
        <FileDrop
          label={t('import.drop')}
          hint={t('import.hint', { max: formatFileSize(maxImportBytes) })}
          icon={<IconFileSpreadsheet size={32} stroke={1.5} />}
          accept={[
            'text/csv',
            'text/plain',
            'application/vnd.ms-excel',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ]}
          maxSize={maxImportBytes}
          loading={importLines.isPending}
          onDrop={(files) => {
            const file = files[0];
            if (!file) return;
            setRejected(false);
            setProgress(0);
            importLines.mutate({ file, onProgress: setProgress });
          }}
          onReject={() => setRejected(true)}
          testId="import-drop"
        />
        {importLines.isPending && <Progress value={progress} aria-label={t('import.sending')} />}
        {rejected && (
          <Alert color="red" role="alert">
            {t('import.wrongFile')}
          </Alert>
        )}
        {importLines.isError && (
          <Alert color="red" role="alert">
            {errorMessage(importLines.error, t)}
          </Alert>
        )}
        {answer && (
          <Stack gap="xs" data-testid="import-report">
            <Text fw={500}>{t('import.read', { count: answer.lines.length })}</Text>
            {answer.errors.length > 0 && (
              <Alert color="red" title={t('import.errors', { count: answer.errors.length })}>
                <RowErrors errors={answer.errors} />
              </Alert>
            )}
            {answer.unknownProducts.length > 0 && (
              <Alert color="yellow" title={t('import.unknown', { count: answer.unknownProducts.length })}>
                <List size="sm" data-testid="import-unknown">
                  {answer.unknownProducts.map((code) => (
                    <List.Item key={code}>
                      <span dir="ltr">{code}</span>
                    </List.Item>
                  ))}
                </List>
              </Alert>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('import.cancel')}
          </Button>
          <Button
            disabled={!answer || answer.errors.length > 0 || answer.lines.length === 0}
            onClick={() => {
              if (!answer) return;
              props.onImport(answer);
              close();
            }}
            data-testid="import-confirm"
          >
            {t('import.put', { count: answer?.lines.length ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
