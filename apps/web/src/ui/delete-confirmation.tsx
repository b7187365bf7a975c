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

/** The keys of the dialog's texts in the namespace `t` reads; `message` and `done` get the row's `name`. */
export type ConfirmationTexts = { title: string; message: string; confirm: string; done: string };

const deleteTexts: ConfirmationTexts = {
  title: 'deleteTitle',
  message: 'deleteMessage',
  confirm: 'delete',
  done: 'deleted',
};

/**
 * Asks before deleting (or revoking) the pending row, keeps the server's refusal in the dialog and,
 * once the row is gone, says so in a notice. Its texts are the keys deleteTitle, deleteMessage,
 * delete and deleted unless `texts` names others.
 */
export function DeleteConfirmationModal<Row extends { id: number }>({
  deletion,
  t,
  texts = deleteTexts,
}: {
  deletion: DeleteConfirmation<Row>;
  t: TFunction;
  texts?: ConfirmationTexts;
}) {
  const { target, name, remove } = deletion;
  return (
    <ConfirmModal
      opened={target !== null}
      title={t(texts.title)}
      message={t(texts.message, { name: target ? name(target) : '' })}
      confirmLabel={t(texts.confirm)}
      loading={remove.isPending}
      error={errorMessage(remove.error, t)}
      onClose={deletion.cancel}
      onConfirm={() =>
        target &&
        remove.mutate(target.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t(texts.done, { name: name(target) }) });
            deletion.cancel();
          },
        })
      }
    />
  );
}
