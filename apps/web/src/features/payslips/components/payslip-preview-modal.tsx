// A look at one payslip's PDF: fetched with the app's headers (disposition inline) and shown from an object URL in
// a frame, as the page's Content-Security-Policy allows (frame-src blob:, no <object>); the download is one click
// away. Looking does not count as the employee's first download.
import type { PayslipKind } from '@bottega/contracts/payslips';
import { Group, Modal, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useObjectUrl } from '../../../lib/object-url';
import { DownloadButton } from '../../../ui/download-button';
import { downloadPayslip, usePayslipPreview } from '../payslips.api';

/** What is previewed: the payslip, the title of the dialog and the name the download is saved under. */
export type PayslipPreview = { payslipId: number; title: string; fileName: string };

function PreviewFrame({ kind, preview }: { kind: PayslipKind; preview: PayslipPreview }) {
  const { t } = useTranslation(['payslips', 'errors']);
  const blob = usePayslipPreview(kind, preview.payslipId);
  const url = useObjectUrl(blob.data);
  if (blob.isError) {
    return (
      <Text size="sm" c="red" role="alert">
        {errorMessage(blob.error, t)}
      </Text>
    );
  }
  if (!url) return <Skeleton h="65vh" />;
  return (
    <iframe
      src={url}
      title={preview.title}
      data-testid="payslip-preview-frame"
      style={{ display: 'block', width: '100%', height: '65vh', border: 0, borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}

export function PayslipPreviewModal(props: { kind: PayslipKind; preview: PayslipPreview | null; onClose: () => void }) {
  const { t } = useTranslation('payslips');
  const { preview, kind } = props;
  return (
    <Modal
      opened={preview !== null}
      onClose={props.onClose}
      title={preview ? <bdi>{preview.title}</bdi> : ''}
      size="xl"
      centered
      data-testid="payslip-preview"
    >
      {preview && <PreviewFrame kind={kind} preview={preview} />}
      <Group justify="flex-end" mt="md">
        {preview && (
          <DownloadButton
            download={() => downloadPayslip(kind, preview.payslipId, preview.fileName)}
            label={t('download')}
            fileName={preview.fileName}
          >
            {t('download')}
          </DownloadButton>
        )}
      </Group>
    </Modal>
  );
}
