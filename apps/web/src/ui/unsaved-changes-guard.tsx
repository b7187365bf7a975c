import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * While `dirty`, leaving the page asks first: another screen of the app (a question in the page) or closing
 * and reloading the tab (the browser's own question). Staying on the same address (a tab, a query) is no leaving.
 */
export function UnsavedChangesGuard({ dirty, message }: { dirty: boolean; message?: string }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('unsaved.title')} centered>
      <Text mb="md">{message ?? t('unsaved.message')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()} data-testid="unsaved-stay">
          {t('unsaved.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()} data-testid="unsaved-leave">
          {t('unsaved.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
