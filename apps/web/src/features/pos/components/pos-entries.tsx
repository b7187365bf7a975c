// The archive's entries, paged on the server: the card type and state filters (the shop and month are the page's),
// the count and the money settled of all they select, and the CSV of all of it.
import { type PosEntryExportQuery, type PosEntryState, posEntryStates } from '@bottega/contracts/pos';
import { Alert, Badge, Card, EmptyState, Group, Pagination, Select, Skeleton, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { DownloadButton } from '../../../ui/download-button';
import { Money } from '../../../ui/money';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { listPerPage } from '../../../ui/use-list-page';
import { downloadPosEntries, usePosEntries } from '../pos.api';

const stateColors: Record<PosEntryState, string> = { accepted: 'teal', refused: 'red', reversed: 'orange' };

export function PosEntries(props: {
  filters: PosEntryExportQuery;
  page: number;
  enabled: boolean;
  onChange: (next: Record<string, string | null>) => void;
}) {
  const { t } = useTranslation(['pos', 'errors']);
  const { filters, page } = props;
  const entries = usePosEntries(filters, page, props.enabled);
  const rows = entries.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((entries.data?.meta.total ?? 0) / listPerPage));
  const fileName = `${t('export.fileName')}-${filters.month}.csv`;

  return (
    <Card withBorder padding={0}>
      <Group p="md" gap="sm" align="flex-end" justify="space-between">
        <Group gap="sm" align="flex-end">
          <Select
            aria-label={t('fields.cardType')}
            data={[
              { value: '', label: t('filters.allCardTypes') },
              ...(entries.data?.cardTypes ?? []).map((cardType) => ({ value: cardType, label: cardType })),
            ]}
            value={filters.cardType ?? ''}
            allowDeselect={false}
            onChange={(value) => props.onChange({ card: value })}
            w={{ base: '100%', xs: 200 }}
            data-testid="pos-card-type"
          />
          <Select
            aria-label={t('fields.state')}
            data={[
              { value: '', label: t('filters.allStates') },
              ...posEntryStates.map((state) => ({ value: state, label: t(`states.${state}`) })),
            ]}
            value={filters.state ?? ''}
            allowDeselect={false}
            onChange={(value) => props.onChange({ state: value })}
            w={{ base: '100%', xs: 180 }}
            data-testid="pos-state"
          />
        </Group>
        <Group gap="sm">
          {entries.data && (
            <Text size="sm" data-testid="pos-entries-total">
              {t('entries.total', { count: entries.data.totals.count })} · {t('entries.settled')}{' '}
              <Text span fw={700} inherit>
                <Money cents={entries.data.totals.settledCents} />
              </Text>
            </Text>
          )}
          <DownloadButton
            download={() => downloadPosEntries(filters, fileName)}
            label={t('entries.export')}
            fileName={fileName}
          >
            {t('entries.export')}
          </DownloadButton>
        </Group>
      </Group>
      {entries.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" m="md">
          {errorMessage(entries.error, t)}
        </Alert>
      ) : entries.isPending ? (
        <Skeleton h={160} m="md" w="auto" />
      ) : rows.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconCreditCard size={32} />}
          title={t('entries.empty')}
          description={t('entries.emptyHint')}
          data-testid="pos-entries-empty"
        />
      ) : (
        <ResponsiveTable verticalSpacing="sm" highlightOnHover data-testid="pos-entries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.date')}</Table.Th>
              <Table.Th>{t('fields.shop')}</Table.Th>
              <Table.Th>{t('fields.terminal')}</Table.Th>
              <Table.Th>{t('fields.cardType')}</Table.Th>
              <Table.Th ta="end">{t('fields.amountCents')}</Table.Th>
              <Table.Th>{t('fields.state')}</Table.Th>
              <Table.Th>{t('fields.authorisationCode')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((entry) => (
              <Table.Tr key={entry.id} data-testid={`pos-entry-${entry.id}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(entry.date)}</Table.Td>
                <Table.Td data-label={t('fields.shop')}>
                  <bdi>{`${entry.shopCode} · ${entry.shopName}`}</bdi>
                </Table.Td>
                <Table.Td data-label={t('fields.terminal')}>
                  <Text size="sm" dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                    {entry.terminal}
                  </Text>
                </Table.Td>
                <Table.Td data-label={t('fields.cardType')}>
                  <bdi>{entry.cardType}</bdi>
                </Table.Td>
                <Table.Td ta="end" fw={600} data-label={t('fields.amountCents')}>
                  <Money cents={entry.amountCents} />
                </Table.Td>
                <Table.Td data-label={t('fields.state')}>
                  <Badge variant="light" color={stateColors[entry.state]}>
                    {t(`states.${entry.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td data-label={t('fields.authorisationCode')}>
                  <Text size="sm" dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                    {entry.authorisationCode || '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      {pages > 1 && (
        <Group justify="center" p="md">
          <Pagination value={page} total={pages} onChange={(next) => props.onChange({ page: String(next) })} />
        </Group>
      )}
    </Card>
  );
}
