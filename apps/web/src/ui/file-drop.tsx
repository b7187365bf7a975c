// The drop zone of an upload (payslips, the POS settlement, the bank statement, a ticket's attachments): one file (or up
// to `maxFiles`), dropped or picked, named for screen readers by its label, with a hint of what it takes and how large;
// the icon turns to say whether a dragged file will be taken.
import '@mantine/dropzone/styles.css';
import { Group, Text } from '@mantine/core';
import { Dropzone, type DropzoneProps } from '@mantine/dropzone';
import { IconUpload, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function FileDrop(
  props: Pick<DropzoneProps, 'onDrop' | 'onReject' | 'maxSize' | 'accept' | 'loading' | 'disabled'> & {
    label: string;
    hint: string;
    /** What the zone shows while nothing is dragged over it: the kind of file it takes. */
    icon: ReactNode;
    testId: string;
    /** How many files one drop may bring; one when not given. */
    maxFiles?: number;
  },
) {
  const maxFiles = props.maxFiles ?? 1;
  return (
    <Dropzone
      onDrop={props.onDrop}
      onReject={props.onReject}
      maxSize={props.maxSize}
      maxFiles={maxFiles}
      multiple={maxFiles > 1}
      accept={props.accept}
      loading={props.loading}
      disabled={props.disabled}
      aria-label={props.label}
      inputProps={{ 'aria-label': props.label }}
      data-testid={props.testId}
    >
      <Group justify="center" gap="sm" mih={88} wrap="nowrap" style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <IconUpload size={32} stroke={1.5} color="var(--mantine-color-blue-6)" />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={32} stroke={1.5} color="var(--mantine-color-red-6)" />
        </Dropzone.Reject>
        <Dropzone.Idle>{props.icon}</Dropzone.Idle>
        <div>
          <Text fw={500}>{props.label}</Text>
          <Text size="xs" c="dimmed">
            {props.hint}
          </Text>
        </div>
      </Group>
    </Dropzone>
  );
}
