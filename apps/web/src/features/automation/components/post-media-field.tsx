// The pictures and videos a post carries, chosen from the library, in the order the networks will show them: each
// can be moved earlier or later, or taken off; the library's picker adds or changes the choice.
import { networkRules } from '@bottega/contracts/automation';
import { ActionIcon, Button, Group, Input, Paper, Stack, Text, Tooltip, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconLibraryPhoto, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPicker, MediaThumbnail } from './media-picker';
import { moveItem, type PostMedia } from './post-compose-form';

/** The most media any network takes in one post. */
const maxMedia = Math.max(...Object.values(networkRules).map((rule) => rule.maxMedia));

export function PostMediaField(props: { value: PostMedia[]; onChange: (media: PostMedia[]) => void; error?: string }) {
  const { t } = useTranslation('automation');
  const [picking, setPicking] = useState(false);
  const rtl = useDirection().dir === 'rtl';
  // "Earlier" points to the start of the line: left in Italian, right in Arabic.
  const EarlierIcon = rtl ? IconArrowRight : IconArrowLeft;
  const LaterIcon = rtl ? IconArrowLeft : IconArrowRight;
  const { value } = props;
  return (
    <Input.Wrapper
      label={t('compose.fields.media')}
      description={t('compose.mediaHint', { max: maxMedia })}
      error={props.error}
      data-testid="post-field-media"
    >
      <Stack gap="xs" mt={4}>
        {value.length > 0 && (
          <Group gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="post-media">
            {value.map((media, index) => (
              <Paper
                key={media.id}
                component="li"
                withBorder
                p={4}
                radius="md"
                data-testid={`post-media-${media.id}`}
                aria-label={t('compose.mediaPosition', {
                  position: index + 1,
                  count: value.length,
                  title: media.title,
                })}
              >
                <Stack gap={4} align="center">
                  <MediaThumbnail media={media} size={88} />
                  <Text size="xs" maw={88} truncate title={media.title}>
                    {media.title}
                  </Text>
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label={t('compose.mediaEarlier')}>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        disabled={index === 0}
                        onClick={() => props.onChange(moveItem(value, index, index - 1))}
                        aria-label={`${t('compose.mediaEarlier')}: ${media.title}`}
                      >
                        <EarlierIcon size={14} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('compose.mediaLater')}>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        disabled={index === value.length - 1}
                        onClick={() => props.onChange(moveItem(value, index, index + 1))}
                        aria-label={`${t('compose.mediaLater')}: ${media.title}`}
                      >
                        <LaterIcon size={14} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('compose.mediaRemove')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        onClick={() => props.onChange(value.filter((item) => item.id !== media.id))}
                        aria-label={`${t('compose.mediaRemove')}: ${media.title}`}
                        data-testid={`post-media-remove-${media.id}`}
                      >
                        <IconX size={14} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Group>
        )}
        <Group>
          <Button
            variant="default"
            leftSection={<IconLibraryPhoto size={16} />}
            onClick={() => setPicking(true)}
            data-testid="post-media-pick"
          >
            {value.length > 0 ? t('compose.mediaChange') : t('compose.mediaAdd')}
          </Button>
        </Group>
      </Stack>
      <MediaPicker
        opened={picking}
        onClose={() => setPicking(false)}
        selected={value.map((media) => media.id)}
        onChange={(media) => props.onChange(media)}
      />
    </Input.Wrapper>
  );
}
