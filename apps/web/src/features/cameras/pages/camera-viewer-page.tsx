// Security video › viewer (spec §2, with camera search): the cameras the person may watch, searched by name, shop or
// category and filtered by shop and category, a grid of pictures refreshed while on screen; a camera opens live,
// full screen. Every picture and stream is written to the viewing log by the server.
import { snapshotRefreshMs, type CameraTile as Tile } from '@bottega/contracts/cameras';
import {
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDeviceCctv, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { useListSearch } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { useCameraOptions, useCameraTiles } from '../cameras.api';
import { CameraCategoryFilter, CameraShopFilter } from '../components/camera-filters';
import { CameraLiveModal } from '../components/camera-live-modal';
import { CameraTile } from '../components/camera-tile';

/** Tiles a page: a multiple of 1, 2, 3 and 4 columns. */
const tilesPerPage = 24;
const gridColumns = { base: 1, sm: 2, lg: 3, xl: 4 };

export default function CameraViewerPage() {
  const { t } = useTranslation(['cameras', 'errors']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const { search, setSearch, debouncedSearch } = useListSearch();
  const [shopId, setShopId] = useState<number | null>(null);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [watching, setWatching] = useState<Tile | null>(null);
  const options = useCameraOptions();
  const tiles = useCameraTiles({
    page,
    perPage: tilesPerPage,
    search: debouncedSearch || undefined,
    shopId: shopId ?? undefined,
    categoryId: categoryId ?? undefined,
  });
  const resetting =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };
  const filtered = debouncedSearch !== '' || shopId !== null || categoryId !== null;
  const cameras = tiles.data?.data ?? [];
  const total = tiles.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / tilesPerPage));

  return (
    <>
      <PageHeader
        title={t('viewer.title')}
        description={t('viewer.description', { seconds: snapshotRefreshMs / 1000 })}
      />
      <Stack gap="md">
        <Card withBorder padding="md">
          <Group gap="sm" align="flex-end">
            <TextInput
              placeholder={t('viewer.search')}
              aria-label={t('viewer.search')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => resetting(setSearch)(event.currentTarget.value)}
              maxLength={100}
              w={{ base: '100%', sm: 300 }}
              data-testid="viewer-search"
            />
            {(options.data?.shops.length ?? 0) > 1 && (
              <CameraShopFilter
                shops={options.data?.shops ?? []}
                value={shopId}
                onChange={resetting(setShopId)}
                testId="viewer-shop"
              />
            )}
            {(options.data?.categories.length ?? 0) > 0 && (
              <CameraCategoryFilter
                categories={options.data?.categories ?? []}
                value={categoryId}
                onChange={resetting(setCategoryId)}
                testId="viewer-category"
              />
            )}
            {filtered && (
              <Button
                variant="subtle"
                onClick={() => {
                  setSearch('');
                  setShopId(null);
                  setCategoryId(null);
                  setPage(1);
                }}
              >
                {t('filters.clear')}
              </Button>
            )}
          </Group>
        </Card>
        {tiles.isError ? (
          <Card withBorder padding={0}>
            <QueryPlaceholder query={tiles} />
          </Card>
        ) : tiles.isPending ? (
          <SimpleGrid cols={gridColumns}>
            {Array.from({ length: 4 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder tiles have nothing else to key on
              <Skeleton key={index} h={240} />
            ))}
          </SimpleGrid>
        ) : cameras.length === 0 ? (
          <Card withBorder padding={0}>
            <EmptyState
              py="xl"
              icon={<IconDeviceCctv size={32} />}
              title={filtered ? t('noMatch') : t('viewer.empty')}
              description={filtered ? undefined : t('viewer.emptyDescription')}
              data-testid="viewer-empty"
            >
              {!filtered && can.has('security.video.add') && (
                <Button component={Link} to="/app/security/video/add" leftSection={<IconPlus size={16} />} mt="md">
                  {t('viewer.addFirst')}
                </Button>
              )}
            </EmptyState>
          </Card>
        ) : (
          <>
            <SimpleGrid cols={gridColumns} data-testid="viewer-grid">
              {cameras.map((camera) => (
                <CameraTile key={camera.id} camera={camera} paused={watching !== null} onOpen={setWatching} />
              ))}
            </SimpleGrid>
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="viewer-total">
                {t('total', { count: total })}
              </Text>
              {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
            </Group>
          </>
        )}
      </Stack>
      {watching && <CameraLiveModal camera={watching} onClose={() => setWatching(null)} />}
    </>
  );
}
