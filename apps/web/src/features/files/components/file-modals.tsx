// The file manager's dialogs (spec §4: one of a kind open at a time). Their body is held to 350 px
// and scrolls (spec §9); Escape closes them, as every Mantine modal does.
import { type FileItem, fileNameProblem } from '@bottega/contracts/files';
import { Button, Group, List, Modal, ScrollArea, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon } from './file-icon';

export const modalBodyLimit = 350;

export function FileModal(props: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: string;
  bodyLimit?: number;
  testId?: string;
}) {
  return (
    <Modal opened onClose={props.onClose} title={props.title} size={props.size ?? 'md'} centered>
      <div data-testid={props.testId}>
        <ScrollArea.Autosize mah={props.bodyLimit ?? modalBodyLimit} type="auto" offsetScrollbars>
          {props.children}
        </ScrollArea.Autosize>
        {props.footer && (
          <Group justify="flex-end" mt="md">
            {props.footer}
          </Group>
        )}
      </div>
    </Modal>
  );
}

export type FileMessage = { tone: 'info' | 'error'; text: string };

/** Spec §8: messages come in a modal with an info or an error icon. */
export function MessageModal(props: { message: FileMessage; onClose: () => void }) {
  const { t } = useTranslation('files');
  const error = props.message.tone === 'error';
  return (
    <FileModal
      title={error ? t('messages.errorTitle') : t('messages.infoTitle')}
      onClose={props.onClose}
      testId="file-message"
      footer={
        <Button onClick={props.onClose} data-autofocus>
          {t('messages.close')}
        </Button>
      }
    >
      <Group wrap="nowrap" align="flex-start" role={error ? 'alert' : 'status'}>
        <ThemeIcon variant="light" color={error ? 'red' : 'blue'} size="lg" radius="xl">
          {error ? <IconAlertCircle size={20} aria-hidden /> : <IconInfoCircle size={20} aria-hidden />}
        </ThemeIcon>
        <Text style={{ flex: 1 }}>{props.message.text}</Text>
      </Group>
    </FileModal>
  );
}

/** New folder and rename: one name, refused while empty (spec §5) or unusable. */
export function NameModal(props: {
  title: string;
  label: string;
  confirmLabel: string;
  initial?: string;
  loading: boolean;
  testId: string;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('files');
  const [name, setName] = useState(props.initial ?? '');
  // Checked as the server will check it, so a refusal is explained before it is sent.
  const problem = fileNameProblem(name);
  const unchanged = props.initial !== undefined && name === props.initial;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!problem && !unchanged) props.onSubmit(name);
  };
  return (
    <FileModal title={props.title} onClose={props.onClose} testId={props.testId}>
      <form onSubmit={submit}>
        <TextInput
          label={props.label}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={problem && problem !== 'empty' ? t(`nameProblems.${problem}`) : undefined}
          data-autofocus
          onFocus={(event) => {
            // Renaming usually keeps the extension: only the name before it is selected.
            const dot = event.currentTarget.value.lastIndexOf('.');
            if (props.initial && dot > 0) event.currentTarget.setSelectionRange(0, dot);
          }}
          data-testid="file-name-input"
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={problem !== null || unchanged} loading={props.loading}>
            {props.confirmLabel}
          </Button>
        </Group>
      </form>
    </FileModal>
  );
}

/** Deleting asks first and lists what goes (folders with everything inside them). */
export function DeleteModal(props: {
  items: readonly FileItem[];
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('files');
  const folders = props.items.some((item) => item.type === 'folder');
  return (
    <FileModal
      title={t('delete.title', { count: props.items.length })}
      onClose={props.onClose}
      testId="file-delete"
      footer={
        <>
          <Button variant="default" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={props.loading} onClick={props.onConfirm} data-testid="confirm-delete">
            {t('actions.delete')}
          </Button>
        </>
      }
    >
      <Text mb="sm">{folders ? t('delete.messageWithFolders') : t('delete.message')}</Text>
      <List spacing={4} listStyleType="none">
        {props.items.map((item) => (
          <List.Item key={item.path} icon={<FileIcon type={item.type} size={18} />}>
            <Text size="sm" dir="auto" component="span">
              {item.path}
            </Text>
          </List.Item>
        ))}
      </List>
    </FileModal>
  );
}
