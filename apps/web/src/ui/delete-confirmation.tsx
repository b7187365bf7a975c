import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { errorMessage } from '../lib/error-message';
import { ConfirmModal } from './confirm-modal';

/** The row a person asked to delete, waiting for them to confirm, and the mutation that deletes it by id. */
export type DeleteConfirmation<Row extends { id: number }> = {
  target: Row | null;
  /** How the row is named in the question and in the notice once it is gone. */
  name: (row: Row) => string;
  remove: UseMutationResult<unknown, Error, number>;
  ask: (row: Row) => void;
  cancel: () => void;
};

export function useDeleteConfirmation<Row extends { id: number }>(
  remove: UseMutationResult<unknown, Error, number>,
  name: (row: Row) => string,
): DeleteConfirmation<Row> {
  const [target, setTarget] = useState<Row | null>(null);
  return {
    target,
    name,
    remove,
    ask: (row) => {
      // A refusal shown for an earlier row must not show for this one.
      remove.reset();
      setTarget(row);
    },
    cancel: () => setTarget(null),
  };
}

/**
 * Asks before deleting the pending row, keeps the server's refusal in the dialog and, once the row is
 * gone, says so in a notice. Its texts are the keys deleteTitle, deleteMessage, delete and deleted
 * of the namespace `t` reads.
 */
export function DeleteConfirmationModal<Row extends { id: number }>({
  deletion,
  t,
}: {
  deletion: DeleteConfirmation<Row>;
  t: TFunction;
}) {
  const { target, name, remove } = deletion;
  return (
    <ConfirmModal
      opened={target !== null}
      title={t('deleteTitle')}
      message={t('deleteMessage', { name: target ? name(target) : '' })}
      confirmLabel={t('delete')}
      loading={remove.isPending}
      error={errorMessage(remove.error, t)}
      onClose={deletion.cancel}
      onConfirm={() =>
        target &&
        remove.mutate(target.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('deleted', { name: name(target) }) });
            deletion.cancel();
          },
        })
      }
    />
  );
}
