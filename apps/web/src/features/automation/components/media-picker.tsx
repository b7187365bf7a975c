// Choosing what a post carries from the library (issue 28): a dialog searching the library by words, tag and kind, a
// grid of thumbnails picked one after the other (the order is the post's), and the choice confirmed at once. Also the
// thumbnail every screen shows a medium with.
import type { Media, MediaKind } from '@bottega/contracts/automation';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Center,
  EmptyState,
  Group,
  Modal,
  Pagination,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useInViewport, useMediaQuery } from '@mantine/hooks';
import { IconLibraryPhoto, IconMovie, IconPhoto, IconPlayerPlayFilled, IconX } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useObjectUrl } from '../../../lib/object-url';
import { useListSearch } from '../../../ui/use-list-page';
import { mediaKey, useMediaList, useMediaThumbnailBlob } from '../media.api';
import { MediaFilters } from './media-filters';
import { formatClipDuration } from './media-format';

export type MediaRef = Pick<Media, 'id' | 'kind' | 'title' | 'mimeType' | 'durationMs' | 'hasThumbnail'>;

function refOf(media: MediaRef): MediaRef {
  return {
    id: media.id,
    kind: media.kind,
    title: media.title,
    mimeType: media.mimeType,
    durationMs: media.durationMs,
    hasThumbnail: media.hasThumbnail,
  };
}

/** The picture of a medium (asked once it comes on screen), its kind's icon when it has none, a video's length. */
function ThumbnailFrame(props: { media: MediaRef; style: CSSProperties; iconSize: number; compact: boolean }) {
  const { t } = useTranslation('automation');
  const { media } = props;
  const { ref, inViewport } = useInViewport<HTMLDivElement>();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  const thumbnail = useMediaThumbnailBlob(media, seen);
  const url = useObjectUrl(thumbnail.data ?? undefined);
  const KindIcon = media.kind === 'video' ? IconMovie : IconPhoto;
  const label =
    media.kind === 'video'
      ? t('media.thumbnail.video', { title: media.title, duration: formatClipDuration(media.durationMs) })
      : t('media.thumbnail.image', { title: media.title });
  return (
    <Box
      ref={ref}
      role="img"
      aria-label={label}
      pos="relative"
      bg="var(--mantine-color-default-hover)"
      style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-sm)', flex: 'none', ...props.style }}
      data-testid="media-thumbnail"
    >
      {url ? (
        <img
          src={url}
          alt=""
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
          draggable={false}
        />
      ) : thumbnail.isFetching ? (
        <Skeleton h="100%" w="100%" radius={0} />
      ) : (
        <Center h="100%">
          <KindIcon size={props.iconSize} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        </Center>
      )}
      {media.kind === 'video' && (
        <Group
          gap={2}
          wrap="nowrap"
          pos="absolute"
          px={props.compact ? 2 : 4}
          style={{
            insetInlineEnd: 4,
            bottom: 4,
            borderRadius: 'var(--mantine-radius-xs)',
            background: 'rgba(0, 0, 0, 0.72)',
            color: 'white',
          }}
          aria-hidden
        >
          <IconPlayerPlayFilled size={props.compact ? 10 : 12} />
          {!props.compact && (
            <Text span size="xs" c="white" dir="ltr" fw={500}>
              {formatClipDuration(media.durationMs)}
            </Text>
          )}
        </Group>
      )}
    </Box>
  );
}

/** A square thumbnail of `size` pixels (64 when not given). */
export function MediaThumbnail(props: { media: MediaRef; size?: number }) {
  const size = props.size ?? 64;
  return (
    <ThumbnailFrame
      media={props.media}
      style={{ width: size, height: size }}
      iconSize={Math.max(16, Math.round(size / 3))}
      compact={size < 56}
    />
  );
}

/** The thumbnail across the whole width of a card, 16:9. */
export function MediaCover(props: { media: MediaRef }) {
  return (
    <ThumbnailFrame
      media={props.media}
      style={{ width: '100%', aspectRatio: '16 / 9' }}
      iconSize={40}
      compact={false}
    />
  );
}

const pickerPerPage = 12;

/** One medium of the grid: pressed when chosen, with its place in the order. */
function PickerItem(props: { media: MediaRef; position: number | null; onToggle: () => void }) {
  const { t } = useTranslation('automation');
  const { media, position } = props;
  // A video's length is on its thumbnail: it is part of the name too.
  const kind =
    media.kind === 'video'
      ? `${t('media.kinds.video')} ${formatClipDuration(media.durationMs)}`
      : t('media.kinds.image');
  return (
    <UnstyledButton
      onClick={props.onToggle}
      aria-pressed={position !== null}
      aria-label={
        position === null
          ? t('media.picker.item', { title: media.title, kind })
          : t('media.picker.itemChosen', { title: media.title, kind, position })
      }
      p={4}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        outline: position !== null ? '3px solid var(--mantine-primary-color-filled)' : undefined,
        outlineOffset: -1,
      }}
      data-testid={`media-picker-item-${media.id}`}
    >
      <Box pos="relative">
        <MediaCover media={media} />
        {position !== null && (
          <Badge pos="absolute" top={6} size="lg" circle style={{ insetInlineStart: 6 }} aria-hidden>
            {position}
          </Badge>
        )}
      </Box>
      <Text size="sm" mt={4} lineClamp={1}>
        <bdi>{media.title}</bdi>
      </Text>
    </UnstyledButton>
  );
}

function PickerBody(props: {
  selected: readonly number[];
  onChange: (media: MediaRef[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['automation', 'errors']);
  const [order, setOrder] = useState<number[]>(() => [...new Set(props.selected)]);
  const [known, setKnown] = useState<Record<number, MediaRef>>({});
  const { search, setSearch, debouncedSearch } = useListSearch();
  const [tag, setTag] = useState<string | null>(null);
  const [kind, setKind] = useState<MediaKind | null>(null);
  const [page, setPage] = useState(1);
  const list = useMediaList({
    page,
    perPage: pickerPerPage,
    search: debouncedSearch || undefined,
    tag: tag ?? undefined,
    kind: kind ?? undefined,
  });
  // The media chosen before the dialog opened, by id: asked one by one until a page of the grid shows them.
  const initial = useQueries({
    queries: props.selected.map((id) => ({
      queryKey: [...mediaKey, 'one', id],
      queryFn: async () => (await api<{ data: Media }>(`/api/automation/media/${id}`)).data,
      enabled: known[id] === undefined,
      staleTime: 60_000,
    })),
  });
  const rows = list.data?.data ?? [];
  const refOfId = (id: number): MediaRef | undefined =>
    known[id] ?? rows.find((one) => one.id === id) ?? initial.find((query) => query.data?.id === id)?.data;
  // A medium chosen before that no longer exists (deleted meanwhile) is left out of the choice.
  const gone = new Set(
    props.selected.filter((id, index) => initial[index]?.isError && known[id] === undefined && !refOfId(id)),
  );
  const resolving = order.some((id) => !gone.has(id) && refOfId(id) === undefined);
  const chosen = order.filter((id) => !gone.has(id));

  const toggle = (media: MediaRef) => {
    setKnown((current) => ({ ...current, [media.id]: refOf(media) }));
    setOrder((current) =>
      current.includes(media.id) ? current.filter((id) => id !== media.id) : [...current, media.id],
    );
  };
  const filter =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };
  const totalPages = Math.max(1, Math.ceil((list.data?.meta.total ?? 0) / pickerPerPage));
  const filtered = debouncedSearch !== '' || tag !== null || kind !== null;

  return (
    <Stack gap="md">
      <MediaFilters
        values={{ search, tag, kind }}
        onSearch={filter(setSearch)}
        onTag={filter(setTag)}
        onKind={filter(setKind)}
        onClear={() => {
          setSearch('');
          setTag(null);
          setKind(null);
          setPage(1);
        }}
        testIdPrefix="media-picker"
      />
      {list.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(list.error, t)}
        </Alert>
      ) : list.isPending ? (
        <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm">
          {Array.from({ length: 8 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have nothing else to key on
            <Skeleton key={index} style={{ aspectRatio: '16 / 9' }} />
          ))}
        </SimpleGrid>
      ) : rows.length === 0 ? (
        <EmptyState
          py="lg"
          icon={<IconLibraryPhoto size={32} />}
          title={filtered ? t('media.picker.noMatch') : t('media.picker.empty')}
          description={filtered ? undefined : t('media.picker.emptyDescription')}
          data-testid="media-picker-empty"
        >
          {!filtered && (
            <Button component={Link} to="/app/automation/videos" variant="light" mt="sm">
              {t('media.picker.openLibrary')}
            </Button>
          )}
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm" data-testid="media-picker-grid">
          {rows.map((media) => {
            const index = chosen.indexOf(media.id);
            return (
              <PickerItem
                key={media.id}
                media={media}
                position={index === -1 ? null : index + 1}
                onToggle={() => toggle(media)}
              />
            );
          })}
        </SimpleGrid>
      )}
      {totalPages > 1 && (
        <Group justify="center">
          <Pagination value={page} onChange={setPage} total={totalPages} size="sm" />
        </Group>
      )}
      {chosen.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="media-picker-chosen">
            {t('media.picker.chosen')}
          </Text>
          <ScrollArea type="auto" offsetScrollbars>
            <Group gap="xs" wrap="nowrap" aria-labelledby="media-picker-chosen" role="list" pb={4}>
              {chosen.map((id, index) => {
                const media = refOfId(id);
                return (
                  <Box key={id} pos="relative" role="listitem">
                    {media ? <MediaThumbnail media={media} size={56} /> : <Skeleton w={56} h={56} />}
                    <Badge size="xs" pos="absolute" top={2} style={{ insetInlineStart: 2 }} aria-hidden>
                      {index + 1}
                    </Badge>
                    {media && (
                      <ActionIcon
                        size="xs"
                        radius="xl"
                        color="dark"
                        variant="filled"
                        pos="absolute"
                        top={2}
                        style={{ insetInlineEnd: 2 }}
                        aria-label={t('media.picker.remove', { title: media.title })}
                        onClick={() => toggle(media)}
                      >
                        <IconX size={10} />
                      </ActionIcon>
                    )}
                  </Box>
                );
              })}
            </Group>
          </ScrollArea>
        </Stack>
      )}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="media-picker-count" aria-live="polite">
          {t('media.picker.count', { count: chosen.length })}
        </Text>
        <Group gap="xs">
          {chosen.length > 0 && (
            <Button variant="subtle" onClick={() => setOrder([])}>
              {t('media.picker.clear')}
            </Button>
          )}
          <Button variant="default" onClick={props.onClose}>
            {t('media.picker.cancel')}
          </Button>
          <Button
            disabled={resolving}
            onClick={() => {
              props.onChange(
                chosen
                  .map(refOfId)
                  .filter((media): media is MediaRef => media !== undefined)
                  .map(refOf),
              );
              props.onClose();
            }}
            data-testid="media-picker-confirm"
          >
            {t('media.picker.confirm')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

export function MediaPicker(props: {
  opened: boolean;
  onClose: () => void;
  selected: readonly number[];
  onChange: (media: MediaRef[]) => void;
}) {
  const { t } = useTranslation('automation');
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('media.picker.title')}
      size="xl"
      fullScreen={phone}
      data-testid="media-picker"
    >
      {/* Mounted while open only: every opening starts from the post's current choice. */}
      {props.opened && <PickerBody selected={props.selected} onChange={props.onChange} onClose={props.onClose} />}
    </Modal>
  );
}
