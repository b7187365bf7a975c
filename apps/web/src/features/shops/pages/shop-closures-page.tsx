// Management › shops/{id}/closures: closing the shop for good (flag and day) and the single days it
// stays closed (holidays, works, inventory) with their reason. Changes need shops.manage.edit.
import { businessDate } from '@bottega/contracts/dates';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCalendarOff, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors } from '../../../lib/form-validation';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { useAuthUser } from '../../auth/auth.api';
import { ShopTabs } from '../components/shop-tabs';
import { useAddClosureDays, useRemoveClosureDay, useSetShopClosed, useShop, useShopClosures } from '../shops.api';

export default function ShopClosuresPage() {
  const params = useParams();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <StatusPage status={404} />;
  return <ShopClosures id={id} />;
}

function ShopClosures({ id }: { id: number }) {
  const { t } = useTranslation(['shops', 'validation']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const canEdit = can.has('shops.manage.edit');
  const shop = useShop(id);
  const closures = useShopClosures(id);
  const setClosed = useSetShopClosed(id);
  const addDays = useAddClosureDays(id);
  const removeDay = useRemoveClosureDay(id);
  const closedForm = useForm({ initialValues: { closed: false, closedOn: '' } });
  const dayForm = useForm({ initialValues: { from: '', to: '', reason: '' } });
  const today = businessDate();
  const weekday = useMemo(() => new Intl.DateTimeFormat(currentLanguage(), { weekday: 'short', timeZone: 'UTC' }), []);

  const loaded = closures.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the stored state only when it changes
  useEffect(() => {
    if (loaded) closedForm.setValues({ closed: loaded.closed, closedOn: loaded.closedOn ?? '' });
  }, [loaded?.closed, loaded?.closedOn]);

  const notFound = [shop.error, closures.error].some((error) => error instanceof ApiError && error.status === 404);
  if (notFound) return <StatusPage status={404} />;
  if (!shop.data || !loaded) {
    return closures.isError || shop.isError ? (
      <Alert color="red" role="alert">
        {errorMessage(closures.error ?? shop.error, t)}
      </Alert>
    ) : (
      <Skeleton h={400} />
    );
  }

  const saveClosed = closedForm.onSubmit((values) =>
    setClosed.mutate(
      { closed: values.closed, closedOn: values.closed && values.closedOn ? values.closedOn : null },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'green',
            message: saved.closed
              ? t('closures.closedSaved', { date: formatDate(saved.closedOn) })
              : t('closures.openSaved'),
          }),
        onError: (error) => {
          if (error instanceof ApiError) closedForm.setErrors(firstFieldErrors(error.fieldErrors));
        },
      },
    ),
  );

  const submitDays = dayForm.onSubmit((values) =>
    addDays.mutate(
      { from: values.from, to: values.to || null, reason: values.reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('closures.daysAdded') });
          dayForm.reset();
        },
        onError: (error) => {
          if (error instanceof ApiError) dayForm.setErrors(firstFieldErrors(error.fieldErrors));
        },
      },
    ),
  );

  return (
    <>
      <PageHeader
        title={t('closures.title', { name: shop.data.name })}
        description={t('closures.description')}
        actions={
          <Button variant="default" component={Link} to="/app/shops/list">
            {t('backToList')}
          </Button>
        }
      />
      <ShopTabs shopId={id} current="closures" />
      <Stack gap="md" maw={900}>
        <Card withBorder padding="lg" component="form" onSubmit={saveClosed} noValidate>
          <Title order={2} size="h4" mb="xs">
            {t('closures.permanentTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm" data-testid="closure-state">
            {loaded.closed ? t('closures.closedSince', { date: formatDate(loaded.closedOn) }) : t('closures.openNow')}
          </Text>
          <Group align="flex-end" gap="md">
            <Switch
              label={t('fields.closed')}
              disabled={!canEdit}
              {...closedForm.getInputProps('closed', { type: 'checkbox' })}
              data-testid="closures-closed"
            />
            {closedForm.values.closed && (
              <TextInput
                type="date"
                label={t('fields.closedOn')}
                required
                readOnly={!canEdit}
                {...closedForm.getInputProps('closedOn')}
                data-testid="closures-closedOn"
              />
            )}
            {canEdit && (
              <Button
                type="submit"
                loading={setClosed.isPending}
                leftSection={<IconDeviceFloppy size={16} />}
                data-testid="closures-save"
              >
                {t('save')}
              </Button>
            )}
          </Group>
          {setClosed.error && !(setClosed.error instanceof ApiError && setClosed.error.code === 'validation') && (
            <Text c="red" size="sm" mt="sm" role="alert">
              {errorMessage(setClosed.error, t)}
            </Text>
          )}
        </Card>

        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="xs">
            {t('closures.daysTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('closures.daysDescription')}
          </Text>
          {canEdit && (
            <form onSubmit={submitDays} noValidate>
              <Group align="flex-start" gap="sm" mb="md">
                <TextInput
                  type="date"
                  label={t('closures.from')}
                  required
                  {...dayForm.getInputProps('from')}
                  data-testid="closure-from"
                />
                <TextInput
                  type="date"
                  label={t('closures.to')}
                  description={t('closures.toHint')}
                  {...dayForm.getInputProps('to')}
                  data-testid="closure-to"
                />
                <TextInput
                  label={t('closures.reason')}
                  placeholder={t('closures.reasonPlaceholder')}
                  required
                  maxLength={200}
                  style={{ flex: 1, minWidth: 200 }}
                  {...dayForm.getInputProps('reason')}
                  data-testid="closure-reason"
                />
                <Button
                  type="submit"
                  mt={25}
                  loading={addDays.isPending}
                  leftSection={<IconPlus size={16} />}
                  data-testid="closure-add"
                >
                  {t('closures.add')}
                </Button>
              </Group>
            </form>
          )}
          {removeDay.error && (
            <Text c="red" size="sm" mb="sm" role="alert">
              {errorMessage(removeDay.error, t)}
            </Text>
          )}
          {loaded.days.length === 0 ? (
            <EmptyState py="lg" icon={<IconCalendarOff size={28} />} title={t('closures.noDays')} />
          ) : (
            <Table verticalSpacing="xs" data-testid="closure-days">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('closures.day')}</Table.Th>
                  <Table.Th>{t('closures.reason')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loaded.days.map((closure) => {
                  const past = closure.day < today;
                  const label = `${weekday.format(new Date(`${closure.day}T00:00:00Z`))} ${formatDate(closure.day)}`;
                  return (
                    <Table.Tr key={closure.day} data-testid={`closure-day-${closure.day}`}>
                      <Table.Td c={past ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
                        {label}
                      </Table.Td>
                      <Table.Td c={past ? 'dimmed' : undefined}>
                        <bdi>{closure.reason}</bdi>
                      </Table.Td>
                      <Table.Td>
                        {canEdit && (
                          <Group justify="flex-end">
                            <Tooltip label={t('closures.remove')}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                loading={removeDay.isPending && removeDay.variables === closure.day}
                                onClick={() => removeDay.mutate(closure.day)}
                                aria-label={`${t('closures.remove')}: ${formatDate(closure.day)}`}
                              >
                                <IconTrash size={18} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </Stack>
    </>
  );
}
