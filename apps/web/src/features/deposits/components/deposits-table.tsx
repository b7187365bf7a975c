// A page of deposits as the archives and the "record a deposit" page show them: day, shop, amount, who carried it with
// their card, who registered it, the state; correcting and deleting for those who may, while not convalidated.
import type { Deposit } from '@bottega/contracts/deposits';
import { Badge, Group, Modal, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { DeleteConfirmationModal, useDeleteConfirmation } from '../../../ui/delete-confirmation';
import { Money, moneyInText } from '../../../ui/money';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { RowAction } from '../../../ui/row-action';
import { useAuthUser } from '../../auth/auth.api';
import { useDeleteDeposit } from '../deposits.api';
import { DepositForm } from './deposit-form';

export function DepositsTable(props: {
  deposits: Deposit[];
  shops: { id: number; code: string; name: string }[];
  today: string;
  /** The shop column is left out where every row is of one shop. */
  showShop?: boolean;
}) {
  const { t } = useTranslation(['deposits', 'common', 'errors']);
  const can = useAuthUser().data?.can ?? [];
  const canEdit = can.includes('shops.bank.deposits.edit');
  const canDelete = can.includes('shops.bank.deposits.delete');
  const [editing, setEditing] = useState<Deposit | null>(null);
  const deletion = useDeleteConfirmation(
    useDeleteDeposit(),
    (deposit: Deposit) => `${moneyInText(deposit.amountCents)} · ${formatDate(deposit.date)}`,
  );
  const subject = (deposit: Deposit) => `${formatDate(deposit.date)} ${moneyInText(deposit.amountCents)}`;

  return (
    <>
      <ResponsiveTable verticalSpacing="sm" highlightOnHover data-testid="deposits-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.date')}</Table.Th>
            {props.showShop && <Table.Th>{t('fields.shop')}</Table.Th>}
            <Table.Th ta="end">{t('fields.amount')}</Table.Th>
            <Table.Th>{t('fields.carriedBy')}</Table.Th>
            <Table.Th>{t('fields.registeredBy')}</Table.Th>
            <Table.Th>{t('fields.state')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.deposits.map((deposit) => (
            <Table.Tr key={deposit.id} data-testid={`deposit-${deposit.id}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(deposit.date)}</Table.Td>
              {props.showShop && (
                <Table.Td data-label={t('fields.shop')}>
                  <bdi>{`${deposit.shopCode} · ${deposit.shopName}`}</bdi>
                </Table.Td>
              )}
              <Table.Td ta="end" fw={600} data-label={t('fields.amount')}>
                <Money cents={deposit.amountCents} />
              </Table.Td>
              <Table.Td data-label={t('fields.carriedBy')}>
                <Text size="sm">{deposit.carriedBy?.name ?? '—'}</Text>
                {deposit.cardNumber && (
                  <Text size="xs" c="dimmed" dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                    {deposit.cardNumber}
                  </Text>
                )}
                {deposit.comments && (
                  <Text size="xs" c="dimmed" dir="auto">
                    {deposit.comments}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label={t('fields.registeredBy')}>
                <Text size="sm">{deposit.registeredBy ?? '—'}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(deposit.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td data-label={t('fields.state')}>
                <Badge
                  variant="light"
                  color={deposit.state === 'convalidated' ? 'teal' : 'blue'}
                  data-testid={`deposit-state-${deposit.id}`}
                >
                  {t(`states.${deposit.state}`)}
                </Badge>
                {deposit.convalidatedBy && (
                  <Text size="xs" c="dimmed">
                    {deposit.convalidatedBy}
                  </Text>
                )}
                {deposit.bankLines.map((line) => (
                  <Text key={line.id} size="xs" c="dimmed" data-testid={`deposit-bank-line-${deposit.id}`}>
                    {t('archive.bankLine', {
                      date: formatDate(line.bookingDate),
                      amount: moneyInText(line.amountCents),
                    })}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td data-actions>
                {deposit.state === 'entered' && (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {canEdit && (
                      <RowAction
                        label={t('archive.edit')}
                        subject={subject(deposit)}
                        icon={<IconPencil size={18} />}
                        onClick={() => setEditing(deposit)}
                        testId={`deposit-edit-${deposit.id}`}
                      />
                    )}
                    {canDelete && (
                      <RowAction
                        label={t('archive.delete')}
                        subject={subject(deposit)}
                        icon={<IconTrash size={18} />}
                        color="red"
                        onClick={() => deletion.ask(deposit)}
                        testId={`deposit-delete-${deposit.id}`}
                      />
                    )}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('archive.editTitle')} size="lg">
        {editing && (
          <DepositForm
            deposit={editing}
            shops={props.shops}
            defaultShopId={editing.shopId}
            today={props.today}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <DeleteConfirmationModal
        deletion={deletion}
        t={t}
        texts={{
          title: 'archive.deleteTitle',
          message: 'archive.deleteMessage',
          confirm: 'archive.delete',
          done: 'archive.deleted',
        }}
      />
    </>
  );
}
