// A look at an image, a PDF or a text file, fetched with the app's headers (q=read) and shown from
// an object URL; the download is one click away.
import type { FileItem } from '@bottega/contracts/files';
import { Button, Code, Image, Skeleton, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../../lib/object-url';
import { fileErrorMessage, useFileContent } from '../files.api';
import { FileModal, modalBodyLimit } from './file-modals';

function PreviewBody({ url, item }: { url: string; item: FileItem }) {
  const { t } = useTranslation(['files', 'errors']);
  const content = useFileContent(url, item);
  const objectUrl = useObjectUrl(content.data?.blob);
  if (content.isError) {
    return (
      <Text c="red" role="alert">
        {fileErrorMessage(content.error, t)}
      </Text>
    );
  }
  if (!content.data || (item.type !== 'text' && !objectUrl)) return <Skeleton h={modalBodyLimit - 20} />;
  if (item.type === 'text') {
    return (
      <Code block dir="auto" data-testid="file-preview-text" style={{ whiteSpace: 'pre-wrap' }}>
        {content.data.text}
      </Code>
    );
  }
  if (item.type === 'pdf') {
    return (
      <object
        data={objectUrl ?? undefined}
        type="application/pdf"
        // Named after the file, not after the object URL it is drawn from.
        title={item.basename}
        aria-label={item.basename}
        data-testid="file-preview-pdf"
        style={{ display: 'block', width: '100%', height: modalBodyLimit - 20, border: 0 }}
      >
        <Text size="sm" c="dimmed">
          {t('preview.pdfFallback')}
        </Text>
      </object>
    );
  }
  return (
    <Image
      src={objectUrl}
      alt={t('preview.of', { name: item.basename })}
      fit="contain"
      mah={modalBodyLimit - 20}
      data-testid="file-preview-image"
    />
  );
}

export function PreviewModal(props: { url: string; item: FileItem; onDownload: () => void; onClose: () => void }) {
  const { t } = useTranslation('files');
  return (
    <FileModal
      title={<bdi>{props.item.basename}</bdi>}
      onClose={props.onClose}
      size="xl"
      testId="file-preview"
      footer={
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={props.onDownload}>
          {t('actions.download')}
        </Button>
      }
    >
      <PreviewBody url={props.url} item={props.item} />
    </FileModal>
  );
}
