// How the post will look on each chosen network, before it goes: a Facebook-like card (the whole text, the pictures
// below), an Instagram-like square with the caption cut where the feed cuts it (125 characters, then "more"), and the
// JSON a webhook account is sent. Only an approximation of each network's own drawing.
import type { SocialNetwork } from '@bottega/contracts/automation';
import {
  Avatar,
  Badge,
  Box,
  Card,
  Center,
  Code,
  Group,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconMovie, IconPhoto, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../../lib/object-url';
import { useMediaThumbnailBlob } from '../media.api';
import { networkIcons } from './account-network-icon';
import { type ComposeAccount, feedCaption, type PostMedia, webhookPreview } from './post-compose-form';
import { dateTimeText } from './post-time';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');
}

/** One picture of the post as the network would show it: its thumbnail filling a frame of the given proportions. */
function PreviewPicture({ media, ratio, overlay }: { media: PostMedia; ratio: string; overlay?: string }) {
  const { t } = useTranslation('automation');
  const thumbnail = useMediaThumbnailBlob(media);
  const url = useObjectUrl(thumbnail.data ?? undefined);
  const KindIcon = media.kind === 'video' ? IconMovie : IconPhoto;
  return (
    <Box
      pos="relative"
      bg="var(--mantine-color-default-hover)"
      style={{ aspectRatio: ratio, overflow: 'hidden', width: '100%' }}
      role="img"
      aria-label={t(media.kind === 'video' ? 'compose.preview.video' : 'compose.preview.image', { title: media.title })}
    >
      {url ? (
        <img src={url} alt="" style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Center h="100%">
          <KindIcon size={40} color="var(--mantine-color-dimmed)" aria-hidden />
        </Center>
      )}
      {media.kind === 'video' && (
        <Center pos="absolute" inset={0} aria-hidden>
          <IconPlayerPlayFilled size={48} color="white" style={{ filter: 'drop-shadow(0 0 4px rgba(0,0,0,.6))' }} />
        </Center>
      )}
      {overlay && (
        <Center pos="absolute" inset={0} bg="rgba(0,0,0,.55)" aria-hidden>
          <Text c="white" fz="xl" fw={700}>
            {overlay}
          </Text>
        </Center>
      )}
    </Box>
  );
}

function When({ scheduledAt }: { scheduledAt: string | null }) {
  const { t } = useTranslation('automation');
  return (
    <Text size="xs" c="dimmed">
      {scheduledAt ? dateTimeText(scheduledAt) : t('compose.preview.now')}
    </Text>
  );
}

function FacebookPreview(props: {
  text: string;
  media: PostMedia[];
  account: ComposeAccount;
  scheduledAt: string | null;
}) {
  const { t } = useTranslation('automation');
  const [first, ...rest] = props.media;
  const shown = rest.slice(0, 3);
  const hidden = rest.length - shown.length;
  return (
    <Card withBorder padding={0} maw={500} data-testid="preview-facebook">
      <Group gap="sm" p="sm" wrap="nowrap">
        <Avatar color="blue" radius="xl" aria-hidden>
          {initials(props.account.name)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate>
            <bdi>{props.account.name}</bdi>
          </Text>
          <When scheduledAt={props.scheduledAt} />
        </div>
      </Group>
      {props.text.trim() !== '' && (
        <Text px="sm" pb="sm" size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {props.text.trim()}
        </Text>
      )}
      {first && <PreviewPicture media={first} ratio="4 / 3" />}
      {shown.length > 0 && (
        <SimpleGrid cols={shown.length} spacing={2} mt={2}>
          {shown.map((media, index) => (
            <PreviewPicture
              key={media.id}
              media={media}
              ratio="1 / 1"
              overlay={index === shown.length - 1 && hidden > 0 ? `+${hidden}` : undefined}
            />
          ))}
        </SimpleGrid>
      )}
      <Group gap="lg" p="sm" c="dimmed" aria-hidden>
        <Text size="xs">{t('compose.preview.like')}</Text>
        <Text size="xs">{t('compose.preview.comment')}</Text>
        <Text size="xs">{t('compose.preview.share')}</Text>
      </Group>
    </Card>
  );
}

function InstagramPreview(props: {
  text: string;
  media: PostMedia[];
  account: ComposeAccount;
  scheduledAt: string | null;
}) {
  const { t } = useTranslation('automation');
  const [expanded, setExpanded] = useState(false);
  const caption = feedCaption(props.text.trim());
  const handle = props.account.handle.replace(/^@/, '') || props.account.name;
  const [first] = props.media;
  return (
    <Card withBorder padding={0} maw={400} data-testid="preview-instagram">
      <Group gap="sm" p="sm" wrap="nowrap">
        <Avatar color="pink" radius="xl" size="sm" aria-hidden>
          {initials(props.account.name)}
        </Avatar>
        <Text fw={600} size="sm" dir="ltr" truncate>
          {handle}
        </Text>
      </Group>
      <Box pos="relative">
        {first ? (
          <PreviewPicture media={first} ratio="1 / 1" />
        ) : (
          <Center bg="var(--mantine-color-default-hover)" style={{ aspectRatio: '1 / 1' }}>
            <Text c="dimmed" size="sm" ta="center" px="md">
              {t('compose.preview.instagramNeedsMedia')}
            </Text>
          </Center>
        )}
        {props.media.length > 1 && (
          <Badge pos="absolute" top={8} style={{ insetInlineEnd: 8 }} color="dark" variant="filled" size="sm">
            1/{props.media.length}
          </Badge>
        )}
      </Box>
      <Stack gap={4} p="sm">
        {caption.shown !== '' && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Text span fw={600} dir="ltr">
              {handle}
            </Text>{' '}
            <bdi dir="auto">{expanded || !caption.cut ? props.text.trim() : caption.shown}</bdi>
            {caption.cut && !expanded && (
              <>
                {'… '}
                <UnstyledButton
                  c="dimmed"
                  fz="sm"
                  onClick={() => setExpanded(true)}
                  data-testid="preview-instagram-more"
                  style={{ display: 'inline' }}
                >
                  {t('compose.preview.more')}
                </UnstyledButton>
              </>
            )}
          </Text>
        )}
        <When scheduledAt={props.scheduledAt} />
      </Stack>
    </Card>
  );
}

export function PostPreview(props: {
  text: string;
  media: PostMedia[];
  /** The chosen accounts; a network's preview shows its first one. */
  accounts: readonly ComposeAccount[];
  networks: readonly SocialNetwork[];
  /** The instant chosen for scheduling, if any. */
  scheduledAt: string | null;
}) {
  const { t } = useTranslation('automation');
  const [tab, setTab] = useState<string | null>(null);
  if (props.networks.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="post-preview-empty">
        {t('compose.preview.chooseAccounts')}
      </Text>
    );
  }
  const active = tab && props.networks.includes(tab as SocialNetwork) ? tab : props.networks[0];
  const accountOf = (network: SocialNetwork) =>
    props.accounts.find((account) => account.network === network) as ComposeAccount;
  return (
    <Tabs value={active} onChange={setTab} keepMounted={false} data-testid="post-preview">
      <Tabs.List>
        {props.networks.map((network) => {
          const Icon = networkIcons[network];
          return (
            <Tabs.Tab key={network} value={network} leftSection={<Icon size={16} aria-hidden />}>
              {t(`networks.${network}`)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {props.networks.map((network) => (
        <Tabs.Panel key={network} value={network} pt="md">
          {network === 'facebook' && (
            <FacebookPreview
              text={props.text}
              media={props.media}
              account={accountOf(network)}
              scheduledAt={props.scheduledAt}
            />
          )}
          {network === 'instagram' && (
            <InstagramPreview
              text={props.text}
              media={props.media}
              account={accountOf(network)}
              scheduledAt={props.scheduledAt}
            />
          )}
          {network === 'webhook' && (
            <Code
              block
              dir="ltr"
              tabIndex={0}
              aria-label={t('compose.preview.webhookJson')}
              data-testid="preview-webhook"
              style={{ maxHeight: 360, overflow: 'auto' }}
            >
              {webhookPreview(props, accountOf(network), props.scheduledAt ?? new Date().toISOString())}
            </Code>
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
