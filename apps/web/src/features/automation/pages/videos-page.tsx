// Automation › videos (spec §2, issue 28): the library of videos and images the posts carry, a page at a time, searched
// by title and tags and filtered by tag and kind; files dropped are read in the browser (length, size, a frame as
// thumbnail) and uploaded resumably; a card opens the medium to play, rename, tag, give a new thumbnail or delete.
// Who holds only automation.posts sees the library read only. A link may ask for a tag (?tag=) or a medium (?open=id).
import type { MediaKind } from '@bottega/contracts/automation';
import { Alert, Button, Card, EmptyState, Group, Pagination, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconEye, IconLibraryPhoto, IconVideoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { PageHeader } from '../../../ui/page-header';
import { useListSearch } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { MediaCard } from '../components/media-card';
import { MediaDetailModal } from '../components/media-detail-modal';
import { MediaFilters } from '../components/media-filters';
import { MediaUploadPanel } from '../components/media-upload-panel';
import { useMediaList } from '../media.api';

/** A grid of 1, 2, 3 or 4 columns fills its rows at 24. */
const libraryPerPage = 24;

export default function VideosPage() {
  const { t } = useTranslation(['automation', 'errors']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const canEdit = can.has('automation.videos');
  const [params] = useSearchParams();
  const { search, setSearch, debouncedSearch } = useListSearch();
  const [tag, setTag] = useState<string | null>(params.get('tag') || null);
  const [kind, setKind] = useState<MediaKind | null>(null);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(() => Number(params.get('open')) || null);
  const list = useMediaList({
    page,
    perPage: libraryPerPage,
    search: debouncedSearch || undefined,
    tag: tag ?? undefined,
    kind: kind ?? undefined,
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / libraryPerPage));
  const filtered = debouncedSearch !== '' || tag !== null || kind !== null;
  const resetting =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };

  return (
    <>
      <PageHeader
        title={t('videos.title')}
        description={t('videos.description')}
        actions={
          canEdit && (
            <Button
              component={Link}
              to="/app/automation/videos/capture"
              leftSection={<IconVideoPlus size={16} />}
              data-testid="videos-record"
            >
              {t('videos.record')}
            </Button>
          )
        }
      />
      {canEdit ? (
        <MediaUploadPanel />
      ) : (
        <Alert variant="light" color="gray" icon={<IconEye size={18} />} mb="lg" data-testid="videos-read-only">
          {t('videos.readOnly')}
        </Alert>
      )}
      <Card withBorder padding="md" mb="md">
        <MediaFilters
          values={{ search, tag, kind }}
          onSearch={resetting(setSearch)}
          onTag={resetting(setTag)}
          onKind={resetting(setKind)}
          onClear={() => {
            setSearch('');
            setTag(null);
            setKind(null);
            setPage(1);
          }}
          testIdPrefix="videos"
        />
      </Card>
      {list.isError ? (
        <Alert color="red" role="alert" data-testid="videos-error">
          {errorMessage(list.error, t)}
        </Alert>
      ) : list.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} data-testid="videos-loading">
          {Array.from({ length: 8 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have nothing else to key on
            <Stack key={index} gap="xs">
              <Skeleton style={{ aspectRatio: '16 / 9' }} />
              <Skeleton h={16} w="70%" />
              <Skeleton h={12} w="40%" />
            </Stack>
          ))}
        </SimpleGrid>
      ) : rows.length === 0 ? (
        <Card withBorder>
          <EmptyState
            py="xl"
            icon={<IconLibraryPhoto size={32} />}
            title={filtered ? t('videos.noMatch') : t('videos.empty')}
            description={
              filtered ? undefined : canEdit ? t('videos.emptyDescription') : t('videos.emptyDescriptionReadOnly')
            }
            data-testid="videos-empty"
          >
            {filtered && (
              <Button
                variant="light"
                mt="sm"
                onClick={() => {
                  setSearch('');
                  setTag(null);
                  setKind(null);
                  setPage(1);
                }}
              >
                {t('media.filters.clear')}
              </Button>
            )}
          </EmptyState>
        </Card>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
          data-testid="videos-grid"
          style={{ opacity: list.isPlaceholderData ? 0.6 : undefined }}
          aria-busy={list.isFetching}
        >
          {rows.map((media) => (
            <MediaCard
              key={media.id}
              media={media}
              onOpen={() => setOpenId(media.id)}
              onTag={(value) => {
                setTag(value);
                setPage(1);
              }}
            />
          ))}
        </SimpleGrid>
      )}
      {list.data && total > 0 && (
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed" data-testid="videos-total">
            {t('videos.total', { count: total })}
          </Text>
          {totalPages > 1 && <Pagination value={page} onChange={setPage} total={totalPages} />}
        </Group>
      )}
      <MediaDetailModal mediaId={openId} canEdit={canEdit} onClose={() => setOpenId(null)} />
    </>
  );
}
