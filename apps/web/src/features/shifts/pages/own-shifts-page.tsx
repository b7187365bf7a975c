// User › user/convalidate/shift: the person's weeks sent to them (spec §4 "the employee must validate their own weekly
// summary"), newest first: each day's shift or time-off, the week's hours, and the button that validates it. A week
// rectified after validation asks again.
import type { OwnShiftWeek } from '@bottega/contracts/shifts';
import { Alert, Badge, Button, Card, EmptyState, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarCheck, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { formatMinutes } from '../../../lib/format-duration';
import { weekRange, weekTitle } from '../../../lib/format-week';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { useAuthUser } from '../../auth/auth.api';
import { AvailabilityCard } from '../components/availability-card';
import { useOwnShiftWeeks, useValidateOwnShiftWeek } from '../shifts.api';
import { cellMinutes } from '../week-grid';

function DayLine({ week, day, lng }: { week: OwnShiftWeek; day: string; lng: string }) {
  const { t } = useTranslation('shifts');
  const cell = week.cells.find((entry) => entry.day === day)?.cell;
  const weekday = new Intl.DateTimeFormat(lng, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid={`own-day-${day}`}>
      <Text size="sm" tt="capitalize">
        {weekday} {formatDate(day).slice(0, 5)}
      </Text>
      {cell?.kind === 'shift' ? (
        <Text size="sm" fw={600} dir="ltr">
          {cell.start}–{cell.stop}
          <Text span size="xs" c="dimmed" fw={400}>
            {' '}
            ({formatMinutes(cellMinutes(day, cell))})
          </Text>
        </Text>
      ) : cell?.kind === 'timeOff' ? (
        <Badge variant="light" color="grape">
          {t(`timeOff.${cell.reason}`)}
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      )}
    </Group>
  );
}

export default function OwnShiftsPage() {
  const { t, i18n } = useTranslation(['shifts', 'errors']);
  const weeks = useOwnShiftWeeks();
  const validate = useValidateOwnShiftWeek();
  const [confirming, setConfirming] = useState<OwnShiftWeek | null>(null);
  const rows = weeks.data ?? [];
  const waiting = rows.filter((week) => !week.validatedAt).length;
  const canChoose = useAuthUser().data?.can.includes('shifts.choose') ?? false;
  const { hash } = useLocation();
  // Arriving from the "next week choice" to-do or popup (…#availability), the card comes into view.
  useEffect(() => {
    if (hash === '#availability' && canChoose) document.getElementById('availability')?.scrollIntoView();
  }, [hash, canChoose]);

  return (
    <>
      <PageHeader
        title={t('own.title')}
        description={waiting > 0 ? t('own.waiting', { count: waiting }) : t('own.description')}
      />
      {canChoose && <AvailabilityCard />}
      {weeks.isPending || weeks.isError ? (
        <QueryPlaceholder query={weeks} loadingTestId="own-loading" />
      ) : rows.length === 0 ? (
        <Card withBorder>
          <EmptyState
            icon={<IconCalendarCheck size={32} />}
            title={t('own.empty')}
            description={t('own.emptyHint')}
            data-testid="own-empty"
          />
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {rows.map((week) => (
            <Card key={week.weekId} withBorder padding="lg" data-testid={`own-week-${week.week}`}>
              <Group justify="space-between" align="flex-start" mb="sm">
                <div>
                  <Title order={2} size="h4">
                    {weekTitle(t, week.week)}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {week.shop.name} · {weekRange(t, week.week)}
                  </Text>
                </div>
                {week.validatedAt ? (
                  <Badge color="green" leftSection={<IconCircleCheck size={14} />} data-testid="own-validated">
                    {t('own.validated')}
                  </Badge>
                ) : (
                  <Badge color="orange" data-testid="own-to-validate">
                    {t('own.toValidate')}
                  </Badge>
                )}
              </Group>
              <Stack gap={6}>
                {week.days.map((day) => (
                  <DayLine key={day} week={week} day={day} lng={i18n.language} />
                ))}
              </Stack>
              <Group justify="space-between" mt="md">
                <Text size="sm" fw={600}>
                  {t('own.total', { time: formatMinutes(week.plannedMinutes) })}
                </Text>
                {week.validatedAt ? (
                  <Text size="xs" c="dimmed">
                    {t('own.validatedAt', { date: formatDateTime(week.validatedAt) })}
                  </Text>
                ) : (
                  <Button
                    leftSection={<IconCircleCheck size={16} />}
                    onClick={() => setConfirming(week)}
                    data-testid="own-validate"
                  >
                    {t('own.validate')}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {validate.error && !confirming && (
        <Alert color="red" mt="md" role="alert">
          {errorMessage(validate.error, t)}
        </Alert>
      )}
      <ConfirmModal
        opened={confirming !== null}
        title={t('own.confirmTitle')}
        message={t('own.confirmMessage', { week: confirming ? weekTitle(t, confirming.week) : '' })}
        confirmLabel={t('own.validate')}
        loading={validate.isPending}
        error={errorMessage(validate.error, t)}
        onConfirm={() =>
          confirming &&
          validate.mutate(confirming.weekId, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('own.done', { week: weekTitle(t, confirming.week) }) });
              setConfirming(null);
            },
          })
        }
        onClose={() => {
          validate.reset();
          setConfirming(null);
        }}
      />
    </>
  );
}
