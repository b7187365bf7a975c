// Management › shops/{id}/workingHours: the weekly opening hours, Monday to Sunday, each day closed or
// open in one or more slots (a split opening such as 09:00–13:00 and 15:30–19:30). Slots must open
// before they close and not overlap: checked here with the contract's own rule, and by the server.
import { maxSlotsPerDay, slotIssues, type WorkingHours, weekdays } from '@bottega/contracts/shops';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDeviceFloppy, IconPlus, IconX } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors } from '../../../lib/form-validation';
import { currentLanguage } from '../../../lib/i18n';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { ShopTabs } from '../components/shop-tabs';
import { useSaveWorkingHours, useShop, useWorkingHours } from '../shops.api';

/** A split opening is the usual new slot after a morning one. */
const defaultSlots = [
  { opensAt: '09:00', closesAt: '13:00' },
  { opensAt: '15:30', closesAt: '19:30' },
];

export default function ShopWorkingHoursPage() {
  const params = useParams();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <StatusPage status={404} />;
  return <ShopWorkingHours id={id} />;
}

function ShopWorkingHours({ id }: { id: number }) {
  const { t } = useTranslation(['shops', 'validation']);
  const shop = useShop(id);
  const hours = useWorkingHours(id);
  const save = useSaveWorkingHours(id);
  const form = useForm<WorkingHours>({
    initialValues: { days: weekdays.map((weekday) => ({ weekday, slots: [] })) },
    validate: (values) => {
      const errors: Record<string, string> = {};
      values.days.forEach((day, dayIndex) => {
        day.slots.forEach((slot, slotIndex) => {
          for (const field of ['opensAt', 'closesAt'] as const) {
            if (!slot[field]) errors[`days.${dayIndex}.slots.${slotIndex}.${field}`] = t('validation:required');
          }
        });
        if (day.slots.every((slot) => slot.opensAt && slot.closesAt)) {
          for (const issue of slotIssues(day.slots)) {
            errors[`days.${dayIndex}.slots.${issue.index}.${issue.field}`] ??= t(`validation:${issue.rule}`);
          }
        }
      });
      return errors;
    },
  });
  const dayNames = useMemo(() => {
    const format = new Intl.DateTimeFormat(currentLanguage(), { weekday: 'long', timeZone: 'UTC' });
    // 1 January 2024 was a Monday: ISO weekday n is that day plus n − 1.
    return weekdays.map((weekday) => format.format(new Date(Date.UTC(2024, 0, weekday))));
  }, []);

  const loaded = hours.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the stored week changes
  useEffect(() => {
    if (loaded) {
      form.setValues(loaded);
      form.resetDirty(loaded);
    }
  }, [JSON.stringify(loaded)]);

  const notFound = [shop.error, hours.error].some((error) => error instanceof ApiError && error.status === 404);
  if (notFound) return <StatusPage status={404} />;
  if (!shop.data || !loaded) {
    return hours.isError || shop.isError ? (
      <Alert color="red" role="alert">
        {errorMessage(hours.error ?? shop.error, t)}
      </Alert>
    ) : (
      <Skeleton h={400} />
    );
  }

  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => notifications.show({ color: 'green', message: t('workingHours.saved') }),
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    }),
  );

  const copyMondayToWeekdays = () => {
    const monday = form.values.days[0]?.slots ?? [];
    form.setFieldValue(
      'days',
      form.values.days.map((day) =>
        day.weekday >= 2 && day.weekday <= 6 ? { ...day, slots: monday.map((slot) => ({ ...slot })) } : day,
      ),
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={t('workingHours.title', { name: shop.data.name })}
        description={t('workingHours.description')}
        actions={
          <>
            <Button variant="default" component={Link} to="/app/shops/list">
              {t('backToList')}
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              leftSection={<IconDeviceFloppy size={16} />}
              data-testid="working-hours-save"
            >
              {t('save')}
            </Button>
          </>
        }
      />
      <ShopTabs shopId={id} current="workingHours" />
      {save.error && !(save.error instanceof ApiError && save.error.code === 'validation') && (
        <Alert color="red" role="alert" mb="md">
          {errorMessage(save.error, t)}
        </Alert>
      )}
      <Card withBorder padding={0} maw={900}>
        <Group justify="flex-end" p="sm">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconCopy size={14} />}
            onClick={copyMondayToWeekdays}
            data-testid="copy-monday"
          >
            {t('workingHours.copyMonday')}
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm">
            <Table.Tbody>
              {form.values.days.map((day, dayIndex) => (
                <Table.Tr key={day.weekday} data-testid={`weekday-${day.weekday}`}>
                  <Table.Td w={140} style={{ verticalAlign: 'top' }}>
                    <Text fw={500} tt="capitalize" mt={6}>
                      {dayNames[day.weekday - 1]}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap="xs">
                      {day.slots.length === 0 && (
                        <Group>
                          <Badge variant="light" color="gray" mt={6}>
                            {t('workingHours.closedDay')}
                          </Badge>
                        </Group>
                      )}
                      {day.slots.map((_, slotIndex) => {
                        const path = `days.${dayIndex}.slots.${slotIndex}`;
                        return (
                          // biome-ignore lint/suspicious/noArrayIndexKey: slots are edited in place, by position
                          <Group key={slotIndex} gap="xs" align="flex-start" wrap="nowrap">
                            <TextInput
                              type="time"
                              aria-label={`${dayNames[day.weekday - 1]}: ${t('workingHours.opensAt')} ${slotIndex + 1}`}
                              w={130}
                              {...form.getInputProps(`${path}.opensAt`)}
                              data-testid={`slot-${day.weekday}-${slotIndex}-opens`}
                            />
                            <Text mt={6} aria-hidden>
                              –
                            </Text>
                            <TextInput
                              type="time"
                              aria-label={`${dayNames[day.weekday - 1]}: ${t('workingHours.closesAt')} ${slotIndex + 1}`}
                              w={130}
                              {...form.getInputProps(`${path}.closesAt`)}
                              data-testid={`slot-${day.weekday}-${slotIndex}-closes`}
                            />
                            <Tooltip label={t('workingHours.removeSlot')}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                mt={4}
                                onClick={() => form.removeListItem(`days.${dayIndex}.slots`, slotIndex)}
                                aria-label={`${dayNames[day.weekday - 1]}: ${t('workingHours.removeSlot')} ${slotIndex + 1}`}
                              >
                                <IconX size={16} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        );
                      })}
                    </Stack>
                  </Table.Td>
                  <Table.Td w={170} style={{ verticalAlign: 'top' }}>
                    {day.slots.length < maxSlotsPerDay && (
                      <Button
                        variant="light"
                        size="compact-sm"
                        mt={4}
                        leftSection={<IconPlus size={14} />}
                        onClick={() =>
                          form.insertListItem(`days.${dayIndex}.slots`, {
                            ...(defaultSlots[day.slots.length] ?? { opensAt: '', closesAt: '' }),
                          })
                        }
                        data-testid={`add-slot-${day.weekday}`}
                      >
                        {t('workingHours.addSlot')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </form>
  );
}
