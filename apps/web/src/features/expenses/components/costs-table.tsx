// A page of costs incurred as accounting sees them: day and shop, the amount, the authorisation it was entered against
// (how much, by whom, what is left), the comments, the report's attachments (the receipts' photos) and a link to the
// report; on the convalidation list a box to pick each, and correcting or deleting for those who may.

import type { CostIncurred } from '@bottega/contracts/expenses';
import { Anchor, Badge, Box, Button, Checkbox, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconPaperclip, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { DeleteConfirmationModal, useDeleteConfirmation } from '../../../ui/delete-confirmation';
import { Money, moneyInText } from '../../../ui/money';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { RowAction } from '../../../ui/row-action';
import { useAuthUser } from '../../auth/auth.api';
import type { CashReportAttachment } from '../../cash-register/attachments.api';
import { AttachmentView } from '../../cash-register/components/attachments-tab';
import { useDeleteCost } from '../costs-incurred.api';
import { CostEditModal } from './cost-edit-modal';

type Attachment = CostIncurred['attachments'][number];

export function CostsTable(props: {
  costs: CostIncurred[];
  mode: 'convalidate' | 'archive';
  selected?: number[];
  onSelect?: (ids: number[]) => void;
  onConvalidate?: (costs: CostIncurred[]) => void;
}) {
  const { t } = useTranslation(['expenses', 'common', 'errors']);
  const can = useAuthUser().data?.can ?? [];
  const canEdit = props.mode === 'convalidate' && can.includes('shops.costsIncurred.edit');
  const canDelete = props.mode === 'convalidate' && can.includes('shops.costsIncurred.delete');
  const [editing, setEditing] = useState<CostIncurred | null>(null);
  const [previewing, setPreviewing] = useState<{ reportId: number; attachment: Attachment } | null>(null);
  const subject = (cost: CostIncurred) => `${formatDate(cost.date)} ${cost.shopCode} ${moneyInText(cost.amountCents)}`;
  const deletion = useDeleteConfirmation(useDeleteCost(), subject);
  const selected = props.selected ?? [];
  const pageIds = props.costs.map((cost) => cost.id);
  const allPicked = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const toggle = (id: number) =>
    props.onSelect?.(selected.includes(id) ? selected.filter((each) => each !== id) : [...selected, id]);

  return (
    <>
      <ResponsiveTable verticalSpacing="sm" highlightOnHover data-testid={`costs-table-${props.mode}`}>
        <Table.Thead>
          <Table.Tr>
            {props.mode === 'convalidate' && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('costs.convalidate.selectAll')}
                  checked={allPicked}
                  indeterminate={!allPicked && pageIds.some((id) => selected.includes(id))}
                  onChange={() => props.onSelect?.(allPicked ? [] : pageIds)}
                  data-testid="costs-select-all"
                />
              </Table.Th>
            )}
            <Table.Th>{t('costs.columns.date')}</Table.Th>
            <Table.Th ta="end">{t('costs.columns.amount')}</Table.Th>
            <Table.Th>{t('costs.columns.authorisation')}</Table.Th>
            <Table.Th>{t('costs.columns.receipts')}</Table.Th>
            <Table.Th>
              {props.mode === 'archive' ? t('costs.columns.convalidatedBy') : t('costs.columns.insertedBy')}
            </Table.Th>
            <Table.Th>
              <Text span size="sm" fw={700} style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden' }}>
                {t('costs.columns.actions')}
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.costs.map((cost) => (
            <Table.Tr key={cost.id} data-testid={`cost-${cost.id}`}>
              {props.mode === 'convalidate' && (
                <Table.Td>
                  <Checkbox
                    aria-label={t('costs.convalidate.select', {
                      date: formatDate(cost.date),
                      shop: `${cost.shopCode} · ${cost.shopName}`,
                    })}
                    checked={selected.includes(cost.id)}
                    onChange={() => toggle(cost.id)}
                    data-testid={`cost-select-${cost.id}`}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(cost.date)}
                </Text>
                <Text size="xs" c="dimmed">
                  <bdi>{`${cost.shopCode} · ${cost.shopName}`}</bdi>
                </Text>
                <Anchor
                  component={Link}
                  to={`/app/shop/cashRegister/${cost.report.id}/edit`}
                  size="xs"
                  aria-label={t('costs.report.open', { date: formatDate(cost.date) })}
                >
                  {t('costs.columns.report')}
                </Anchor>
              </Table.Td>
              <Table.Td ta="end" fw={600} data-label={t('costs.columns.amount')}>
                <Money cents={cost.amountCents} />
                {cost.blocked && (
                  <Badge variant="light" color="orange" ms="xs" size="sm">
                    {t('costs.blocked')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td data-label={t('costs.columns.authorisation')}>
                <Text size="sm" dir="auto">
                  {cost.authorisation.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('costs.authorisation.summary', {
                    max: moneyInText(cost.authorisation.maxAmountCents),
                    by: cost.authorisation.authorisedBy ?? t('costs.authorisation.nobody'),
                    left: moneyInText(cost.authorisation.leftCents),
                  })}
                </Text>
                {cost.comments && (
                  <Text size="xs" dir="auto" mt={4}>
                    {cost.comments}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label={t('costs.columns.receipts')}>
                {cost.attachments.length === 0 ? (
                  <Text size="xs" c="dimmed">
                    {t('costs.receipts.none')}
                  </Text>
                ) : (
                  <Stack gap={2}>
                    {cost.attachments.map((attachment) => (
                      <Anchor
                        key={attachment.id}
                        component="button"
                        type="button"
                        size="xs"
                        onClick={() => setPreviewing({ reportId: cost.report.id, attachment })}
                        aria-label={t('costs.receipts.open', { name: attachment.fileName })}
                      >
                        <Group gap={4} wrap="nowrap">
                          <IconPaperclip size={14} />
                          <bdi>{attachment.fileName}</bdi>
                        </Group>
                      </Anchor>
                    ))}
                  </Stack>
                )}
              </Table.Td>
              <Table.Td
                data-label={
                  props.mode === 'archive' ? t('costs.columns.convalidatedBy') : t('costs.columns.insertedBy')
                }
              >
                <Text size="sm">{(props.mode === 'archive' ? cost.convalidatedBy : cost.insertedBy) ?? '—'}</Text>
                {props.mode === 'archive' && cost.convalidatedAt && (
                  <Text size="xs" c="dimmed">
                    {formatDateTime(cost.convalidatedAt)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-actions>
                {props.mode === 'convalidate' && (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconCircleCheck size={14} />}
                      onClick={() => props.onConvalidate?.([cost])}
                      aria-label={`${t('costs.convalidate.convalidateOne')} ${subject(cost)}`}
                      data-testid={`cost-convalidate-${cost.id}`}
                    >
                      {t('costs.convalidate.convalidateOne')}
                    </Button>
                    {canEdit && !cost.blocked && (
                      <RowAction
                        label={t('costs.edit.action')}
                        subject={subject(cost)}
                        icon={<IconPencil size={18} />}
                        onClick={() => setEditing(cost)}
                        testId={`cost-edit-${cost.id}`}
                      />
                    )}
                    {canDelete && !cost.blocked && (
                      <RowAction
                        label={t('costs.delete.action')}
                        subject={subject(cost)}
                        icon={<IconTrash size={18} />}
                        color="red"
                        onClick={() => deletion.ask(cost)}
                        testId={`cost-delete-${cost.id}`}
                      />
                    )}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      {editing && <CostEditModal cost={editing} onClose={() => setEditing(null)} />}
      <Modal
        opened={previewing !== null}
        onClose={() => setPreviewing(null)}
        title={previewing ? <bdi>{previewing.attachment.fileName}</bdi> : ''}
        size="xl"
        centered
      >
        {previewing && (
          <Box data-testid="cost-receipt-preview">
            <AttachmentView
              reportId={previewing.reportId}
              attachment={previewing.attachment as CashReportAttachment}
              height="70vh"
            />
          </Box>
        )}
      </Modal>
      <DeleteConfirmationModal
        deletion={deletion}
        t={t}
        texts={{
          title: 'costs.delete.title',
          message: 'costs.delete.body',
          confirm: 'costs.delete.confirm',
          done: 'costs.delete.done',
        }}
      />
    </>
  );
}
