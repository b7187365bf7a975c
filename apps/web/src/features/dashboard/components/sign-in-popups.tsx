// The sign-in popups of spec §6 Employees › popups: once a session, the to-dos that should not wait for the person to
// read the list — their shift has begun without a start punch ("start shift"), their weeks of shifts wait for their
// validation ("convalidate shift") — each shown only to holders of its popup ability, with a way straight there.
import type { Todo, TodoKey } from '@bottega/contracts/dashboard';
import type { Ability } from '@bottega/contracts/permissions';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The to-dos that pop up, each with the popup ability that asks for it. */
const popupAbilities: Partial<Record<TodoKey, Ability>> = {
  shiftToStart: 'employees.popups.startShift',
  shiftWeeksToValidate: 'employees.popups.convalidateShift',
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
  const [due, setDue] = useState<Todo[]>([]);
  useEffect(() => {
    if (todos) setDue(duePopups(todos, can, seenPopups()));
  }, [todos, can]);
  const dismiss = () => {
    sessionStorage.setItem(seenKey, JSON.stringify([...seenPopups(), ...due.map((todo) => todo.key)]));
    setDue([]);
  };

  return (
    <Modal opened={due.length > 0} onClose={dismiss} title={t('popups.title')} centered data-testid="sign-in-popup">
      <Stack gap="md">
        {due.map((todo) => (
          <Group key={todo.key} justify="space-between" wrap="nowrap" data-testid={`popup-${todo.key}`}>
            <Text>{t(`popups.${todo.key}`, { count: todo.count })}</Text>
            <Button component={Link} to={todo.link} onClick={dismiss} style={{ flexShrink: 0 }}>
              {t(`popups.${todo.key}Action`)}
            </Button>
          </Group>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={dismiss} data-testid="popup-later">
            {t('popups.later')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
