// "Next week choice" (spec §6): the person says, for a coming week, which days they are free all day, mornings only,
// afternoons only or not at all, with a note; the manager sees it beside their cells in the week's grid.
import { nextIsoWeek, previousIsoWeek } from '@bottega/contracts/dates';
import { type AvailabilityChoice, type AvailabilityDay, availabilityChoices } from '@bottega/contracts/shifts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { weekTitle } from '../../../lib/format-week';
import { useOwnAvailability, useSaveOwnAvailability } from '../shifts.api';
import { thisWeek, WeekPicker } from './week-picker';

export function AvailabilityCard() {
  const { t, i18n } = useTranslation(['shifts', 'errors']);
  const first = nextIsoWeek(thisWeek());
  const [week, setWeek] = useState(first);
  const saved = useOwnAvailability(week);
  const save = useSaveOwnAvailability(week);
  const [days, setDays] = useState<AvailabilityDay[] | null>(null);
  useEffect(() => setDays(saved.data?.days ?? null), [saved.data]);
  const setDay = (index: number, patch: Partial<AvailabilityDay>) =>
    setDays((current) => current?.map((day, position) => (position === index ? { ...day, ...patch } : day)) ?? null);
  const weekdays = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });

  return (
    <Card withBorder padding="lg" id="availability" component="section" aria-labelledby="availability-title" mb="lg">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h4" id="availability-title">
            {t('availability.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('availability.description')}
          </Text>
        </div>
        <WeekPicker week={week} onChange={setWeek} canGoBack={previousIsoWeek(week) >= first} />
      </Group>
      {saved.data?.savedAt ? (
        <Badge color="green" variant="light" mb="sm" data-testid="availability-saved">
          {t('availability.savedAt', { date: formatDateTime(saved.data.savedAt) })}
        </Badge>
      ) : (
        <Badge color="orange" variant="light" mb="sm">
          {t('availability.notSaid')}
        </Badge>
      )}
      {!days ? (
        <Skeleton h={200} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(days, {
              onSuccess: () =>
                notifications.show({ color: 'green', message: t('availability.done', { week: weekTitle(t, week) }) }),
            });
          }}
        >
          <Stack gap="xs">
            {days.map((day, index) => (
              <Group key={day.day} gap="sm" wrap="wrap" data-testid={`availability-${day.day}`}>
                <Text size="sm" tt="capitalize" w={150}>
                  {weekdays.format(new Date(`${day.day}T00:00:00Z`))} {formatDate(day.day).slice(0, 5)}
                </Text>
                <SegmentedControl
                  size="xs"
                  value={day.choice}
                  onChange={(choice) => setDay(index, { choice: choice as AvailabilityChoice })}
                  data={availabilityChoices.map((choice) => ({ value: choice, label: t(`availability.${choice}`) }))}
                  aria-label={t('availability.dayLabel', { day: formatDate(day.day) })}
                />
                <TextInput
                  size="xs"
                  placeholder={t('availability.notes')}
                  aria-label={t('availability.notesOf', { day: formatDate(day.day) })}
                  maxLength={200}
                  value={day.notes}
                  onChange={(event) => setDay(index, { notes: event.currentTarget.value })}
                  style={{ flex: 1, minWidth: 140 }}
                />
              </Group>
            ))}
            {save.error && (
              <Alert color="red" role="alert">
                {errorMessage(save.error, t)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                type="submit"
                leftSection={<IconDeviceFloppy size={16} />}
                loading={save.isPending}
                data-testid="availability-save"
              >
                {t('availability.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
