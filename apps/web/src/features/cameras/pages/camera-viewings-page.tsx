// Security video › viewing log (§6 "view all"): who watched which camera, when and for how long, live or through the
// grid's pictures — the record Italian rules on video surveillance at work expect — filtered by camera, shop, viewer
// and period, a page at a time, and exported as CSV with the same filters.
import '@mantine/dates/styles.css';
import type { CameraViewing, CameraViewingQuery } from '@bottega/contracts/cameras';
import { Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCalendar, IconDeviceCctv, IconHistory, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { DateRangeInput } from '../../../ui/date-range-input';
import { DownloadButton } from '../../../ui/download-button';
import { PageHeader } from '../../../ui/page-header';
import { QueryTable } from '../../../ui/query-table';
import { listPerPage, useListSearch } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { formatViewingDuration, viewingSeconds } from '../camera-format';
import {
  downloadCameraViewings,
  useCameraOptions,
  useCameras,
  useCameraTiles,
  useCameraViewings,
} from '../cameras.api';
import { CameraShopFilter } from '../components/camera-filters';

type Range = [string | null, string | null];

/** The cameras to choose from: the list's when the person may list cameras, else the ones they may watch. */
function useCameraChoices(shopId: number | null) {
  const can = new Set(useAuthUser().data?.can ?? []);
  const listed = can.has('security.video.list');
  const query = { page: 1, perPage: 100, shopId: shopId ?? undefined };
  const cameras = useCameras(query, listed);
  const tiles = useCameraTiles(query, !listed && can.has('security.video.view'));
  return ((listed ? cameras.data?.data : tiles.data?.data) ?? []).map((camera) => ({
    value: String(camera.id),
    label: `${camera.name} · ${camera.shop.code}`,
  }));
}

export default function CameraViewingsPage() {
  const { t } = useTranslation(['cameras', 'errors']);
  const { search: viewer, setSearch: setViewer, debouncedSearch: debouncedViewer } = useListSearch();
  const [cameraId, setCameraId] = useState<number | null>(null);
  const [shopId, setShopId] = useState<number | null>(null);
  const [range, setRange] = useState<Range>([null, null]);
  const [page, setPage] = useState(1);
  const options = useCameraOptions();
  const cameraChoices = useCameraChoices(shopId);
  const filters: Omit<CameraViewingQuery, 'page' | 'perPage'> = {
    cameraId: cameraId ?? undefined,
    shopId: shopId ?? undefined,
    viewer: debouncedViewer || undefined,
    from: range[0] ?? undefined,
    to: range[1] ?? undefined,
  };
  const viewings = useCameraViewings({ ...filters, page, perPage: listPerPage });
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const resetting =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };
  const fileName = `${t('log.fileName')}.csv`;

  const row = (viewing: CameraViewing) => (
    <Table.Tr key={viewing.id} data-testid={`viewing-row-${viewing.id}`}>
      <Table.Td>
        <Text fw={500}>
          <bdi>{viewing.camera.name}</bdi>
        </Text>
      </Table.Td>
      <Table.Td data-label={t('log.fields.shop')}>
        <bdi>{viewing.shop.name}</bdi>
      </Table.Td>
      <Table.Td data-label={t('log.fields.viewer')}>
        <bdi>{viewing.viewer.name}</bdi>
      </Table.Td>
      <Table.Td data-label={t('log.fields.mode')}>
        <Badge color={viewing.mode === 'stream' ? 'violet' : 'blue'} variant="light" size="sm">
          {t(`log.modes.${viewing.mode}`)}
        </Badge>
      </Table.Td>
      <Table.Td data-label={t('log.fields.from')}>
        <Text size="sm" dir="ltr" ta="start" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(viewing.startedAt)}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('log.fields.to')}>
        <Text size="sm" dir="ltr" ta="start" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(viewing.endedAt)}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('log.fields.duration')} ta="end">
        {formatViewingDuration(viewingSeconds(viewing))}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <>
      <PageHeader
        title={t('log.title')}
        description={t('log.description')}
        actions={
          <DownloadButton
            download={() => downloadCameraViewings(filters, fileName)}
            label={t('log.export')}
            fileName={fileName}
          >
            {t('log.export')}
          </DownloadButton>
        }
      />
      <Card withBorder padding={0}>
        <Stack gap={0}>
          <Group p="md" gap="sm" align="flex-end">
            <Select
              aria-label={t('log.fields.camera')}
              leftSection={<IconDeviceCctv size={16} />}
              data={[{ value: '', label: t('log.allCameras') }, ...cameraChoices]}
              value={cameraId === null ? '' : String(cameraId)}
              allowDeselect={false}
              searchable
              onChange={(value) => resetting(setCameraId)(value ? Number(value) : null)}
              w={{ base: '100%', xs: 260 }}
              data-testid="viewings-camera"
            />
            {(options.data?.shops.length ?? 0) > 1 && (
              <CameraShopFilter
                shops={options.data?.shops ?? []}
                value={shopId}
                onChange={(value) => {
                  setShopId(value);
                  // A camera of another shop would select nothing.
                  setCameraId(null);
                  setPage(1);
                }}
                testId="viewings-shop"
              />
            )}
            <TextInput
              placeholder={t('log.viewerSearch')}
              aria-label={t('log.viewerSearch')}
              leftSection={<IconSearch size={16} />}
              value={viewer}
              onChange={(event) => resetting(setViewer)(event.currentTarget.value)}
              maxLength={100}
              w={{ base: '100%', xs: 220 }}
              data-testid="viewings-viewer"
            />
            <DateRangeInput
              aria-label={t('log.period')}
              // The icon says what the empty field takes: Mantine's placeholder of a date picker is too faint.
              leftSection={<IconCalendar size={16} />}
              value={range}
              onChange={(value) => resetting(setRange)(value as Range)}
              clearable
              allowSingleDateInRange
              w={{ base: '100%', xs: 240 }}
              data-testid="viewings-period"
            />
            {filtered && (
              <Button
                variant="subtle"
                onClick={() => {
                  setCameraId(null);
                  setShopId(null);
                  setViewer('');
                  setRange([null, null]);
                  setPage(1);
                }}
              >
                {t('filters.clear')}
              </Button>
            )}
          </Group>
          <QueryTable
            query={viewings}
            empty={{
              icon: <IconHistory size={32} />,
              title: filtered ? t('log.noMatch') : t('log.empty'),
            }}
            columns={[
              { label: t('log.fields.camera') },
              { label: t('log.fields.shop') },
              { label: t('log.fields.viewer') },
              { label: t('log.fields.mode') },
              { label: t('log.fields.from') },
              { label: t('log.fields.to') },
              { label: t('log.fields.duration'), alignEnd: true },
            ]}
            row={row}
            total={(count) => t('log.total', { count })}
            page={page}
            onPage={setPage}
            testIdPrefix="viewings"
          />
        </Stack>
      </Card>
    </>
  );
}
