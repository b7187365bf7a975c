// The sign-in popups of spec §6 Employees › popups: once a session, the to-dos that should not wait for the person to
// read the list — their shift has begun without a start punch ("start shift"), their weeks of shifts wait for their
// validation ("convalidate shift"), next week's availability is not said yet ("next week choice"), the shop's month's
// budget was sent and waits for their confirmation ("budget convalidate") — each shown only to holders of its popup
// ability, with a way straight there. They open at the top of the dashboard rather than over it: a person at the till
// can still reach everything else, and "later" (or going there) puts them away until the next sign-in.
import type { Todo, TodoKey } from '@bottega/contracts/dashboard';
import type { Ability } from '@bottega/contracts/permissions';
import { Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The to-dos that pop up, each with the popup ability that asks for it. */
const popupAbilities: Partial<Record<TodoKey, Ability>> = {
  shiftToStart: 'employees.popups.startShift',
  shiftWeeksToValidate: 'employees.popups.convalidateShift',
  shiftAvailabilityToChoose: 'employees.popups.nextWeekChoice',
  budgetToConfirm: 'employees.popups.budgetConvalidate',
};

const seenKey = 'bottega.popups-seen';

/** The popups due: to-dos with a popup the person may see and has not dismissed in this session. */
export function duePopups(todos: readonly Todo[], can: ReadonlySet<string>, seen: readonly string[]): Todo[] {
  return todos.filter((todo) => {
    const ability = popupAbilities[todo.key];
    return ability !== undefined && can.has(ability) && !seen.includes(todo.key);
  });
}

function seenPopups(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(seenKey) ?? '[]') as string[];
  } catch {
    return [];
  }
}

export function SignInPopups({ todos, can }: { todos: Todo[] | undefined; can: ReadonlySet<string> }) {
  const { t } = useTranslation('dashboard');
  const [seen, setSeen] = useState(seenPopups);
  const due = todos ? duePopups(todos, can, seen) : [];
  const dismiss = () => {
    const next = [...seen, ...due.map((todo) => todo.key)];
    sessionStorage.setItem(seenKey, JSON.stringify(next));
    setSeen(next);
  };

  if (due.length === 0) return null;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      shadow="sm"
      component="section"
      aria-labelledby="sign-in-popup-title"
      style={{ borderColor: 'var(--mantine-color-orange-filled)' }}
      data-testid="sign-in-popup"
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <IconBellRinging size={20} color="var(--mantine-color-orange-filled)" aria-hidden />
          <Title order={2} size="h4" id="sign-in-popup-title">
            {t('popups.title')}
          </Title>
        </Group>
        <CloseButton onClick={dismiss} aria-label={t('popups.later')} />
      </Group>
      <Stack gap="sm">
        {due.map((todo) => (
          <Group key={todo.key} justify="space-between" gap="sm" data-testid={`popup-${todo.key}`}>
            <Text>{t(`popups.${todo.key}`, { count: todo.count })}</Text>
            <Button component={Link} to={todo.link} onClick={dismiss} color="orange">
              {t(`popups.${todo.key}Action`)}
            </Button>
          </Group>
        ))}
        <Group justify="flex-end">
          <Button variant="subtle" onClick={dismiss} data-testid="popup-later">
            {t('popups.later')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
