import '@mantine/dropzone/styles.css';
import { avatarMimeTypes, type Profile } from '@bottega/contracts/profile';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPhoto, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatFileSize } from '../../../lib/format-file-size';
import { useRemoveAvatar, useUploadAvatar } from '../profile.api';
import { ProfileAvatar } from './profile-avatar';

/** The profile picture: drop or pick a JPEG, PNG or WebP; the server checks the content and the size again. */
export function AvatarCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['profile', 'errors']);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [rejected, setRejected] = useState<string | null>(null);
  // Isolated, so the number and its unit stay together inside right-to-left text.
  const max = `\u2066${formatFileSize(profile.avatarMaxBytes)}\u2069`;
  const name = `${profile.name} ${profile.surname}`.trim();
  const failure = rejected ?? errorMessage(upload.error ?? remove.error, t);

  const onReject = (rejections: FileRejection[]) => {
    const tooLarge = rejections.some((rejection) => rejection.errors.some((error) => error.code === 'file-too-large'));
    setRejected(tooLarge ? t('avatar.rejectedSize', { max }) : t('avatar.rejectedType'));
  };
  const onDrop = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setRejected(null);
    remove.reset();
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'green', message: t('avatar.uploaded') }),
    });
  };

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        {t('avatar.title')}
      </Title>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <ProfileAvatar url={profile.avatar} name={name} size={72} data-testid="profile-avatar" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>
              <bdi>{name}</bdi>
            </Text>
            <Text size="sm" c="dimmed">
              <bdi>{profile.username}</bdi>
            </Text>
          </Stack>
        </Group>
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="avatar-error">
            {failure}
          </Alert>
        )}
        <Dropzone
          onDrop={onDrop}
          onReject={onReject}
          maxSize={profile.avatarMaxBytes}
          maxFiles={1}
          multiple={false}
          accept={[...avatarMimeTypes]}
          loading={upload.isPending}
          aria-label={t('avatar.drop')}
          data-testid="avatar-dropzone"
        >
          <Group justify="center" gap="sm" mih={80} wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={32} stroke={1.5} color="var(--mantine-color-blue-6)" />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={32} stroke={1.5} color="var(--mantine-color-red-6)" />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
            </Dropzone.Idle>
            <div>
              <Text size="sm" fw={500}>
                {t('avatar.drop')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('avatar.hint', { max })}
              </Text>
            </div>
          </Group>
        </Dropzone>
        {profile.avatar && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            loading={remove.isPending}
            onClick={() => {
              setRejected(null);
              upload.reset();
              remove.mutate(undefined, {
                onSuccess: () => notifications.show({ color: 'green', message: t('avatar.removed') }),
              });
            }}
            data-testid="avatar-remove"
          >
            {t('avatar.remove')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
