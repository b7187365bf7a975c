// Management › payslips/blacklist (spec §3 Payslip blacklist): employees whose payslips are neither delivered nor
// announced while listed, until a day or without end. An entry past its day stays, greyed, until deleted. Adding
// and deleting each need their own ability; deleting asks first.
import type { PayslipBlacklistEntry } from '@bottega/contracts/payslips';
import { Badge, Button, Card, EmptyState, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { DeleteConfirmationModal, useDeleteConfirmation } from '../../../ui/delete-confirmation';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { RefreshButton } from '../../../ui/refresh-button';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { RowAction } from '../../../ui/row-action';
import { listPerPage } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { BlacklistAddModal } from '../components/blacklist-add-modal';
import { personName } from '../payslip-format';
import { useBlacklist, useRemoveFromBlacklist } from '../payslips.api';

export default function BlacklistPage() {
  const { t } = useTranslation(['payslips', 'errors']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const canAdd = can.has('employees.payslips.blacklist.add');
  const canDelete = can.has('employees.payslips.blacklist.delete');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const list = useBlacklist({ page, perPage: listPerPage });
  const deletion = useDeleteConfirmation(useRemoveFromBlacklist(), (entry: PayslipBlacklistEntry) =>
    personName(entry.employee),
  );
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / listPerPage));
  const columns = {
    fiscalCode: t('columns.fiscalCode'),
    expiresOn: t('blacklist.columns.expiresOn'),
    state: t('columns.state'),
    created: t('blacklist.columns.created'),
  };

  return (
    <>
      <PageHeader
        title={t('blacklist.title')}
        description={t('blacklist.description')}
        actions={
          <>
            <RefreshButton label={t('actions.refresh')} query={list} />
            {canAdd && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="blacklist-add">
                {t('blacklist.add')}
              </Button>
            )}
          </>
        }
      />
      <Card withBorder padding={0} data-testid="blacklist">
        {list.isError || (list.isPending && !list.data) ? (
          <QueryPlaceholder query={list} loadingTestId="blacklist-loading" />
        ) : rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconUserOff size={32} />}
            title={t('blacklist.empty')}
            description={t('blacklist.emptyHint')}
            data-testid="blacklist-empty"
          />
        ) : (
          <ResponsiveTable verticalSpacing="sm" highlightOnHover data-testid="blacklist-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.employee')}</Table.Th>
                {Object.values(columns).map((label) => (
                  <Table.Th key={label}>{label}</Table.Th>
                ))}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => {
                const name = personName(entry.employee);
                // An entry past its day no longer holds anything back: greyed until someone deletes it.
                const dimmed = entry.active ? undefined : 'dimmed';
                return (
                  <Table.Tr key={entry.id} data-testid={`blacklist-${entry.id}`} data-active={entry.active}>
                    <Table.Td>
                      <Text size="sm" fw={500} c={dimmed}>
                        <bdi>{name}</bdi>
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={columns.fiscalCode}>
                      <Text size="sm" ff="monospace" dir="ltr" ta="start" c={dimmed}>
                        {entry.employee.fiscalCode ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={columns.expiresOn}>
                      <Text size="sm" c={dimmed}>
                        {entry.expiresOn ? formatDate(entry.expiresOn) : t('blacklist.noExpiry')}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={columns.state}>
                      <Badge color={entry.active ? 'grape' : 'gray'} variant="light" tt="none">
                        {entry.active ? t('blacklist.active') : t('blacklist.expired')}
                      </Badge>
                    </Table.Td>
                    <Table.Td data-label={columns.created}>
                      <Stack gap={0} align="flex-start">
                        {entry.createdBy && (
                          <Text size="sm" c={dimmed}>
                            <bdi>{personName(entry.createdBy)}</bdi>
                          </Text>
                        )}
                        <Text size="xs" c="dimmed">
                          {formatDateTime(entry.createdAt)}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td data-actions>
                      {canDelete && (
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <RowAction
                            label={t('blacklist.delete')}
                            subject={name}
                            icon={<IconTrash size={18} />}
                            color="red"
                            onClick={() => deletion.ask(entry)}
                            testId={`blacklist-delete-${entry.id}`}
                          />
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ResponsiveTable>
        )}
        {total > 0 && (
          <Group justify="space-between" p="md" gap="sm">
            <Text size="sm" c="dimmed" data-testid="blacklist-total">
              {t('blacklist.total', { count: total })}
            </Text>
            {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
          </Group>
        )}
      </Card>
      <BlacklistAddModal opened={adding} onClose={() => setAdding(false)} />
      <DeleteConfirmationModal
        deletion={deletion}
        t={t}
        texts={{
          title: 'blacklist.deleteTitle',
          message: 'blacklist.deleteMessage',
          confirm: 'blacklist.delete',
          done: 'blacklist.deleted',
        }}
      />
    </>
  );
}
