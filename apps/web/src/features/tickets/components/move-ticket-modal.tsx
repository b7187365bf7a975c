// Moving a ticket to another leaf of the tree (§4 "category changed"): its new assignees are told by the server.
import type { TicketCategory } from '@bottega/contracts/tickets';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategorySelect } from './category-select';

export function MoveTicketModal(props: {
  opened: boolean;
  categories: readonly TicketCategory[];
  currentId: number;
  loading: boolean;
  error: string | null;
  onMove: (categoryId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('tickets');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const others = props.categories.filter((category) => category.id !== props.currentId);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('move.title')} centered>
      <Stack gap="md">
        <CategorySelect
          label={t('move.to')}
          description={t('move.hint')}
          categories={others}
          leavesOnly
          value={categoryId}
          onChange={setCategoryId}
          comboboxProps={{ withinPortal: true }}
          data-testid="ticket-move-category"
        />
        {props.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {props.error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            disabled={categoryId === null}
            loading={props.loading}
            onClick={() => categoryId !== null && props.onMove(categoryId)}
            data-testid="ticket-move-confirm"
          >
            {t('move.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
