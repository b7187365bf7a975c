// Negozio › Timbrature (shop/shift, shifts.view): the shop tablet's time clock. Today's people of the session's shop
// (planned today or who punched), each with their planned shift, state, punches and lateness, and the steps they may
// punch now; a step opens the presence check for that person (their passkey or password), whose proof goes with the
// punch: confirmed and punched, or neither. Those who may rectify set a punch's time right with a reason.
import type { PunchStep, TimeClockPerson } from '@bottega/contracts/shifts';
import { Alert, Anchor, Card, EmptyState, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCalendarOff } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { PageHeader } from '../../../ui/page-header';
import { RefreshButton } from '../../../ui/refresh-button';
import { useAuthUser } from '../../auth/auth.api';
import { useConfirmPresence } from '../../auth/components/confirm-presence-modal';
import { PersonCard } from '../components/person-card';
import { type PunchToRectify, RectifyPunchModal } from '../components/rectify-punch-modal';
import { punchWith, usePunched, useTimeClock } from '../time-clock.api';
import { latenessOf, peopleOnTheClock } from '../time-clock-day';

/**
 * Cards side by side as the content's width allows (not the screen's: the tablet keeps the side menu open), each
 * wide enough for a name, the planned shift and two step buttons on one line.
 */
const peopleColumns = { base: 1, '34em': 2, '62em': 3 };

/** How often the lateness shown moves on between two readings of the list. */
const tickMs = 30_000;

export default function TimeClockPage() {
  const { t } = useTranslation(['time-clock', 'errors']);
  const user = useAuthUser().data;
  const shopId = user?.shop?.id ?? null;
  const can = new Set(user?.can ?? []);
  const clock = useTimeClock(shopId);
  const punched = usePunched(shopId);
  const presence = useConfirmPresence();
  const [busy, setBusy] = useState<number | null>(null);
  const [rectifying, setRectifying] = useState<PunchToRectify | null>(null);
  // The business clock's now: the server's at the last reading, moved on by the tablet's own clock since.
  const [tick, setTick] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setTick(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, []);
  const data = clock.data;
  const people = useMemo(() => peopleOnTheClock(data?.people ?? []), [data]);
  const now = data ? Date.parse(data.now) + Math.max(0, tick - clock.dataUpdatedAt) : tick;

  const punch = async (person: TimeClockPerson, step: PunchStep) => {
    setBusy(person.userId);
    try {
      const answer = await presence.confirm(person.userId, punchWith(step));
      if (!answer) return;
      punched(answer);
      notifications.show({
        color: 'green',
        message: t('punched', { name: person.name, step: t(`steps.${step}`) }),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={data ? t('description', { shop: user?.shop?.name ?? '', day: formatDate(data.day) }) : undefined}
        actions={<RefreshButton label={t('refresh')} query={clock} />}
      />
      {clock.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(clock.error, t)}
        </Alert>
      ) : !data ? (
        <SimpleGrid type="container" cols={peopleColumns} data-testid="time-clock-loading">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} h={220} radius="md" />
          ))}
        </SimpleGrid>
      ) : people.length === 0 ? (
        <Card withBorder padding="xl">
          <EmptyState
            icon={<IconCalendarOff size={32} />}
            title={t('empty')}
            description={
              can.has('shifts.manage.assign') ? (
                <Text component="span" size="sm">
                  {t('emptyHintPlanner')}{' '}
                  <Anchor component={Link} to="/app/employeesShift/assign">
                    {t('emptyPlanningLink')}
                  </Anchor>
                </Text>
              ) : (
                t('emptyHint')
              )
            }
            data-testid="time-clock-empty"
          />
        </Card>
      ) : (
        <SimpleGrid type="container" cols={peopleColumns} spacing="md" data-testid="time-clock-people">
          {people.map((person) => (
            <PersonCard
              key={person.userId}
              person={person}
              lateness={latenessOf(person, data.day, now)}
              busy={busy === person.userId}
              canRectify={can.has('shifts.manage.rectify')}
              onStep={(step) => void punch(person, step)}
              onRectify={(punched) => setRectifying({ person, punch: punched, day: data.day })}
            />
          ))}
        </SimpleGrid>
      )}
      {presence.modal}
      <RectifyPunchModal target={rectifying} onClose={() => setRectifying(null)} />
    </>
  );
}
