// A message's files: each image as a thumbnail opening full size, each PDF as a named link, both downloadable. The
// bytes come with the session (an <img> cannot send it), once per attachment while the ticket is open.
import type { TicketAttachment, TicketReach } from '@bottega/contracts/tickets';
import { Anchor, Group, Image, Modal, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/format-file-size';
import { saveBlobAs, useObjectUrl } from '../../../lib/object-url';
import { DownloadButton } from '../../../ui/download-button';
import { downloadAttachment, useTicketAttachmentBlob } from '../tickets.api';

type Where = { reach: TicketReach; ticketId: number };

function Thumbnail({ where, attachment }: { where: Where; attachment: TicketAttachment }) {
  const { t } = useTranslation('tickets');
  const blob = useTicketAttachmentBlob(where.reach, where.ticketId, attachment.id);
  const url = useObjectUrl(blob.data);
  const [open, setOpen] = useState(false);
  return (
    <>
      <UnstyledButton onClick={() => setOpen(true)} aria-label={t('attachments.view', { name: attachment.fileName })}>
        {url ? (
          <Image src={url} alt={attachment.fileName} w={120} h={90} fit="cover" radius="sm" />
        ) : (
          <Skeleton w={120} h={90} radius="sm" />
        )}
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={attachment.fileName} size="xl" centered>
        {url && <Image src={url} alt={attachment.fileName} fit="contain" mah="75vh" />}
      </Modal>
    </>
  );
}

export function MessageAttachments({ where, attachments }: { where: Where; attachments: TicketAttachment[] }) {
  const { t } = useTranslation('tickets');
  if (attachments.length === 0) return null;
  const images = attachments.filter((attachment) => attachment.contentType.startsWith('image/'));
  const documents = attachments.filter((attachment) => !attachment.contentType.startsWith('image/'));
  const download = (attachment: TicketAttachment) => async () =>
    saveBlobAs(await downloadAttachment(where.reach, where.ticketId, attachment.id), attachment.fileName);
  return (
    <Stack gap="xs" mt="sm" data-testid="ticket-attachments">
      {images.length > 0 && (
        <Group gap="xs">
          {images.map((attachment) => (
            <Paper key={attachment.id} withBorder p={4} radius="sm">
              <Thumbnail where={where} attachment={attachment} />
              <Group gap={4} justify="space-between" wrap="nowrap" maw={120}>
                <Text size="xs" truncate>
                  {attachment.fileName}
                </Text>
                <DownloadButton
                  label={t('attachments.download')}
                  fileName={attachment.fileName}
                  download={download(attachment)}
                />
              </Group>
            </Paper>
          ))}
        </Group>
      )}
      {documents.map((attachment) => (
        <Group key={attachment.id} gap="xs" wrap="nowrap">
          <IconFileTypePdf size={18} />
          <Anchor component="button" type="button" size="sm" onClick={download(attachment)}>
            {attachment.fileName}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatFileSize(attachment.size)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
