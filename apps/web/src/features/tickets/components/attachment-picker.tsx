// The files going with a message: images (JPEG, PNG, WebP, a phone's photo) and PDFs, dropped, picked or taken with
// the camera, each of at most 10 MiB and at most ten to a message (the server checks the content again). Chosen
// files are listed with their size and can be taken off before sending.
import { ticketAttachmentMaxBytes, ticketAttachmentsPerMessage } from '@bottega/contracts/tickets';
import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { IconFileTypePdf, IconPaperclip, IconPhoto, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/format-file-size';
import { FileDrop } from '../../../ui/file-drop';

const accept = { 'image/jpeg': [], 'image/png': [], 'image/webp': [], 'application/pdf': [] };

export function AttachmentPicker(props: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('tickets');
  const [problem, setProblem] = useState<string | null>(null);
  const max = formatFileSize(ticketAttachmentMaxBytes);
  const room = ticketAttachmentsPerMessage - props.files.length;

  const add = (dropped: File[]) => {
    setProblem(dropped.length > room ? t('attachments.tooMany', { limit: ticketAttachmentsPerMessage }) : null);
    props.onChange([...props.files, ...dropped.slice(0, Math.max(room, 0))]);
  };
  const reject = (rejections: FileRejection[]) => {
    const tooLarge = rejections.some((rejection) => rejection.errors.some((error) => error.code === 'file-too-large'));
    const tooMany = rejections.some((rejection) => rejection.errors.some((error) => error.code === 'too-many-files'));
    setProblem(
      tooMany
        ? t('attachments.tooMany', { limit: ticketAttachmentsPerMessage })
        : tooLarge
          ? t('errors:fileTooLarge', { max })
          : t('attachments.wrongType'),
    );
  };

  return (
    <Stack gap="xs">
      <FileDrop
        onDrop={add}
        onReject={reject}
        maxSize={ticketAttachmentMaxBytes}
        maxFiles={Math.max(room, 1)}
        accept={accept}
        disabled={props.disabled || room <= 0}
        label={t('attachments.drop')}
        hint={t('attachments.hint', { max, limit: ticketAttachmentsPerMessage })}
        icon={<IconPaperclip size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />}
        testId={props.testId}
      />
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
      {props.files.map((file, index) => (
        <Group
          key={`${file.name}-${file.size}-${file.lastModified}`}
          gap="xs"
          wrap="nowrap"
          justify="space-between"
          data-testid={`${props.testId}-file`}
        >
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {file.type === 'application/pdf' ? <IconFileTypePdf size={18} /> : <IconPhoto size={18} />}
            <Text size="sm" truncate>
              {file.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatFileSize(file.size)}
            </Text>
          </Group>
          <ActionIcon
            variant="subtle"
            color="gray"
            disabled={props.disabled}
            aria-label={t('attachments.remove', { name: file.name })}
            onClick={() => props.onChange(props.files.filter((_, other) => other !== index))}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
