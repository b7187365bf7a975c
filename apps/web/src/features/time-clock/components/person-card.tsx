// One person on the shop tablet: their planned shift, where they are in the day, today's punches (a rectified one
// with its first time and reason) and the steps they may punch now, as large buttons for a finger.
import type { PunchStep, TimeClockPerson } from '@bottega/contracts/shifts';
import { ActionIcon, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  type Icon,
  IconClockEdit,
  IconCoffee,
  IconCoffeeOff,
  IconPlayerPlay,
  IconPlayerStop,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '../../../lib/format-duration';
import { type DayState, dayStateOf, type Lateness, nextSteps, romeClockTime } from '../time-clock-day';

const stateColors: Record<DayState, string> = { off: 'gray', working: 'green', onBreak: 'yellow', stopped: 'blue' };

const stepLooks: Record<PunchStep, { icon: Icon; color: string; variant: 'filled' | 'light' }> = {
  startShift: { icon: IconPlayerPlay, color: 'green', variant: 'filled' },
  startBreak: { icon: IconCoffee, color: 'yellow', variant: 'light' },
  stopBreak: { icon: IconCoffeeOff, color: 'green', variant: 'filled' },
  stopShift: { icon: IconPlayerStop, color: 'red', variant: 'light' },
};

export function PersonCard({
  person,
  lateness,
  busy,
  canRectify,
  onStep,
  onRectify,
}: {
  person: TimeClockPerson;
  lateness: Lateness | null;
  busy: boolean;
  canRectify: boolean;
  onStep: (step: PunchStep) => void;
  onRectify: (punch: TimeClockPerson['punches'][number]) => void;
}) {
  const { t } = useTranslation('time-clock');
  const state = dayStateOf(person);
  const duration = (minutes: number) => formatMinutes(minutes);

  return (
    <Card withBorder radius="md" padding="lg" data-testid="time-clock-person" data-state={state}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {person.name}
            </Title>
            <Text c="dimmed" data-testid="time-clock-planned">
              {person.planned ? (
                <>
                  {t('planned', {
                    start: person.planned.start,
                    stop: person.planned.stop,
                  })}
                  {person.planned.breakMinutes > 0 &&
                    ` · ${t('plannedBreak', { duration: duration(person.planned.breakMinutes) })}`}
                </>
              ) : (
                t('notPlanned')
              )}
            </Text>
          </div>
          <Badge
            size="lg"
            color={stateColors[state]}
            variant="light"
            tt="none"
            style={{ flexShrink: 0 }}
            data-testid="time-clock-state"
          >
            {t(`states.${state}`)}
          </Badge>
        </Group>
        {lateness && (
          <Text c={lateness.kind === 'earlyStop' ? 'orange' : 'red'} fw={600} data-testid="time-clock-lateness">
            {t(`lateness.${lateness.kind}`, { duration: duration(lateness.minutes) })}
          </Text>
        )}
        {person.punches.length > 0 && (
          <Stack
            gap={4}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('punchesOf', { name: person.name })}
          >
            {person.punches.map((punch) => (
              <Group
                component="li"
                key={punch.id}
                gap="xs"
                wrap="nowrap"
                justify="space-between"
                data-testid="time-clock-punch"
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm">
                    <Text span fw={600} dir="ltr">
                      {romeClockTime(punch.at)}
                    </Text>{' '}
                    {t(`steps.${punch.step}`)}
                    {punch.confirmedBy === 'passkey' && ` · ${t('confirmedBy.passkey')}`}
                    {punch.confirmedBy === 'cashReport' && ` · ${t('confirmedBy.cashReport')}`}
                  </Text>
                  {punch.originalAt && (
                    <Text size="xs" c="dimmed" data-testid="time-clock-rectified">
                      {t('rectified', { time: romeClockTime(punch.originalAt), reason: punch.rectifyReason ?? '' })}
                    </Text>
                  )}
                </div>
                {canRectify && (
                  <Tooltip label={t('rectify.action')}>
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      aria-label={t('rectify.actionFor', {
                        step: t(`steps.${punch.step}`),
                        time: romeClockTime(punch.at),
                        name: person.name,
                      })}
                      onClick={() => onRectify(punch)}
                      data-testid="time-clock-rectify"
                    >
                      <IconClockEdit size={20} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ))}
          </Stack>
        )}
        <SimpleGrid cols={nextSteps(person.state).length > 1 ? 2 : 1} spacing="sm" mt="auto">
          {nextSteps(person.state).map((step) => {
            const look = stepLooks[step];
            return (
              <Button
                key={step}
                size="xl"
                h={64}
                color={look.color}
                variant={look.variant}
                leftSection={<look.icon size={24} />}
                disabled={busy}
                onClick={() => onStep(step)}
                aria-label={t('stepFor', { step: t(`steps.${step}`), name: person.name })}
                data-testid={`time-clock-step-${step}`}
                styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
              >
                {t(`steps.${step}`)}
              </Button>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
