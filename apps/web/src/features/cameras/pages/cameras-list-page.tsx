// Security video › list (spec §2): the cameras of the shops the person reaches, a page at a time, searched by name,
// shop or category and filtered by shop, category and state; each with its type and what its last check found.
// A link may ask for one state (the dashboard's to-do: the cameras not answering).
import { type Camera, type CameraState, cameraStates } from '@bottega/contracts/cameras';
import { Button, Select, Stack, Table, Text } from '@mantine/core';
import { IconDeviceCctv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPage } from '../../../ui/list-page';
import { listPerPage, useListPage } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { useCameraOptions, useCameras, useDeleteCamera } from '../cameras.api';
import { CameraCategoryFilter, CameraShopFilter } from '../components/camera-filters';
import { CameraStateDetails } from '../components/camera-state-badge';

function isState(value: string | null): value is CameraState {
  return (cameraStates as readonly (string | null)[]).includes(value);
}

export default function CamerasListPage() {
  const { t } = useTranslation(['cameras', 'errors']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const list = useListPage<Camera>(useDeleteCamera(), (camera) => camera.name);
  const [params] = useSearchParams();
  const asked = params.get('state');
  const [state, setState] = useState<CameraState | null>(isState(asked) ? asked : null);
  const [shopId, setShopId] = useState<number | null>(null);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const options = useCameraOptions();
  const cameras = useCameras({
    page: list.page,
    perPage: listPerPage,
    search: list.debouncedSearch || undefined,
    shopId: shopId ?? undefined,
    categoryId: categoryId ?? undefined,
    state: state ?? undefined,
  });
  const filtered = list.debouncedSearch !== '' || shopId !== null || categoryId !== null || state !== null;

  return (
    <ListPage<Camera>
      t={t}
      createTo={can.has('security.video.add') && '/app/security/video/add'}
      list={list}
      query={cameras}
      skeleton
      search={{ label: t('searchPlaceholder'), width: 280, testId: 'cameras-search' }}
      filters={
        <>
          {(options.data?.shops.length ?? 0) > 1 && (
            <CameraShopFilter
              shops={options.data?.shops ?? []}
              value={shopId}
              onChange={list.resettingPage(setShopId)}
              testId="cameras-shop"
            />
          )}
          {(options.data?.categories.length ?? 0) > 0 && (
            <CameraCategoryFilter
              categories={options.data?.categories ?? []}
              value={categoryId}
              onChange={list.resettingPage(setCategoryId)}
              testId="cameras-category"
            />
          )}
          <Select
            aria-label={t('filters.state')}
            data={[
              { value: '', label: t('filters.allStates') },
              ...cameraStates.map((one) => ({ value: one, label: t(`states.${one}`) })),
            ]}
            value={state ?? ''}
            allowDeselect={false}
            onChange={list.resettingPage((value: string | null) => setState(isState(value) ? value : null))}
            w={{ base: '100%', xs: 180 }}
            data-testid="cameras-state"
          />
          {filtered && (
            <Button
              variant="subtle"
              onClick={() => {
                list.setSearch('');
                setShopId(null);
                setCategoryId(null);
                setState(null);
              }}
            >
              {t('filters.clear')}
            </Button>
          )}
        </>
      }
      empty={{
        icon: <IconDeviceCctv size={32} />,
        title: filtered ? t('noMatch') : t('empty'),
        description: filtered ? undefined : t('emptyDescription'),
      }}
      columns={[
        { label: t('fields.name') },
        { label: t('fields.shop') },
        { label: t('fields.category') },
        { label: t('fields.type') },
        { label: t('fields.state') },
      ]}
      row={{
        testId: (camera) => `camera-row-${camera.id}`,
        subject: (camera) => camera.name,
        cells: (camera) => (
          <>
            <Table.Td>
              <Text fw={500}>
                <bdi>{camera.name}</bdi>
              </Text>
            </Table.Td>
            <Table.Td data-label={t('fields.shop')}>
              <Stack gap={0}>
                <Text size="sm">
                  <bdi>{camera.shop.name}</bdi>
                </Text>
                <Text size="xs" c="dimmed" dir="ltr" ta="start">
                  {camera.shop.code}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td data-label={t('fields.category')}>
              {camera.category ? <bdi>{camera.category.name}</bdi> : t('noCategory')}
            </Table.Td>
            <Table.Td data-label={t('fields.type')}>{t(`types.${camera.type}`)}</Table.Td>
            <Table.Td data-label={t('fields.state')}>
              <CameraStateDetails camera={camera} />
            </Table.Td>
          </>
        ),
        open: can.has('security.video.edit') && {
          to: (camera) => `/app/security/video/${camera.id}/edit`,
          editable: true,
        },
        canDelete: () => can.has('security.video.delete'),
      }}
      total={(count) => t('total', { count })}
      testIdPrefix="cameras"
    />
  );
}
