// The lines read from one uploaded statement (deposit/upload/bank): booking day, amount, the bank's text, the shop
// whose account it is, and what became of it — convalidated with deposits, or the §8 problem it failed with when read
// (an account no shop has, a deposit card nobody has). Paged on the server.
import type { BankLine, BankUpload } from '@bottega/contracts/bank';
import { Badge, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { Money } from '../../../ui/money';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { bankKeys } from '../bank.api';

const perPage = 25;

function LineState({ line }: { line: BankLine }) {
  const { t } = useTranslation('deposits');
  if (line.depositIds.length > 0)
    return (
      <Badge variant="light" color="teal">
        {t('bank.lines.linked', { count: line.depositIds.length })}
      </Badge>
    );
  if (line.problem)
    return (
      <Text size="xs" c="red" data-testid="bank-line-problem">
        {t(`check.problems.${line.problem}`)}
        {line.unknownCard && (
          <>
            {' '}
            <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
              {line.unknownCard}
            </span>
          </>
        )}
      </Text>
    );
  if (line.amountCents <= 0)
    return (
      <Text size="xs" c="dimmed">
        {t('bank.lines.debit')}
      </Text>
    );
  return (
    <Badge variant="light" color="blue">
      {t('bank.lines.open')}
    </Badge>
  );
}

export function BankLinesModal(props: { upload: BankUpload | null; onClose: () => void }) {
  const { t } = useTranslation('deposits');
  const [page, setPage] = useState(1);
  const id = props.upload?.id ?? 0;
  const lines = useQuery({
    queryKey: [...bankKeys.all, 'lines', id, page],
    queryFn: () =>
      api<{ data: BankLine[]; meta: { total: number } }>('/api/bank/lines', { query: { uploadId: id, page, perPage } }),
    enabled: props.upload !== null,
    placeholderData: keepPreviousData,
  });
  const total = lines.data?.meta.total ?? 0;
  return (
    <Modal
      opened={props.upload !== null}
      onClose={() => {
        setPage(1);
        props.onClose();
      }}
      title={t('bank.lines.title', { name: props.upload?.fileName ?? '' })}
      size="xl"
    >
      <Stack gap="sm">
        {!lines.data ? (
          <QueryPlaceholder query={lines} />
        ) : (
          <ResponsiveTable verticalSpacing="xs" data-testid="bank-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bank.lines.date')}</Table.Th>
                <Table.Th ta="end">{t('bank.lines.amount')}</Table.Th>
                <Table.Th>{t('bank.lines.text')}</Table.Th>
                <Table.Th>{t('bank.lines.shop')}</Table.Th>
                <Table.Th>{t('bank.lines.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.data.data.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.bookingDate)}</Table.Td>
                  <Table.Td ta="end" data-label={t('bank.lines.amount')}>
                    <Money cents={line.amountCents} c={line.amountCents < 0 ? 'red' : undefined} />
                  </Table.Td>
                  <Table.Td data-label={t('bank.lines.text')}>
                    <Text size="xs" dir="ltr" style={{ unicodeBidi: 'isolate', overflowWrap: 'anywhere' }}>
                      {line.description}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t('bank.lines.shop')}>
                    {line.shop ? <bdi>{`${line.shop.code} · ${line.shop.name}`}</bdi> : '—'}
                  </Table.Td>
                  <Table.Td data-label={t('bank.lines.state')}>
                    <LineState line={line} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
        {total > perPage && <Pagination total={Math.ceil(total / perPage)} value={page} onChange={setPage} />}
      </Stack>
    </Modal>
  );
}
