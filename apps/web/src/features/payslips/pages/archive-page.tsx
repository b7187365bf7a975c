// Management › payslips/archive and Accountancy › tax/list: the convalidated payslips (or tax certificates), by
// company, year, month and employee, a page at a time from the server; each can be looked at and downloaded.
import { type Payslip, type PayslipKind, payslipAbilities } from '@bottega/contracts/payslips';
import { Card, EmptyState, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconEye, IconInbox, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { DownloadButton } from '../../../ui/download-button';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { RefreshButton } from '../../../ui/refresh-button';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { RowAction } from '../../../ui/row-action';
import { listPerPage, useListSearch } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { CompanySelect } from '../components/company-select';
import { type PayslipPreview, PayslipPreviewModal } from '../components/payslip-preview-modal';
import { MonthFilter, YearFilter } from '../components/upload-filters';
import { payslipFileName, periodLabel, personName } from '../payslip-format';
import { downloadPayslip, useArchive } from '../payslips.api';

function ArchivePage({ kind }: { kind: PayslipKind }) {
  const { t } = useTranslation('payslips');
  const lng = currentLanguage();
  const can = new Set(useAuthUser().data?.can ?? []);
  const canDownload = can.has(payslipAbilities[kind].download);
  const { search, setSearch, debouncedSearch } = useListSearch();
  const [page, setPage] = useState(1);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [year, setYear] = useState<number | null>(null);
  const [month, setMonth] = useState<number | null>(null);
  const [preview, setPreview] = useState<PayslipPreview | null>(null);
  const archive = useArchive(kind, {
    page,
    perPage: listPerPage,
    companyId,
    year,
    month: kind === 'payslip' ? month : null,
    search: debouncedSearch,
  });
  // Changing a filter goes back to the first page.
  const filter =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };
  const filtered = Boolean(debouncedSearch || companyId || year || month);
  const rows = archive.data?.data ?? [];
  const total = archive.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / listPerPage));
  const columns = {
    company: t('columns.company'),
    period: t('columns.period'),
    pages: t('columns.pageCount'),
    convalidated: t('columns.convalidatedAt'),
    downloaded: t('columns.downloaded'),
  };
  const fileNameOf = (payslip: Payslip) => payslipFileName(t(`kinds.${kind}.filePrefix`), payslip);

  return (
    <>
      <PageHeader
        title={t(`kinds.${kind}.archive.title`)}
        description={t(`kinds.${kind}.archive.description`)}
        actions={<RefreshButton label={t('actions.refresh')} query={archive} />}
      />
      <Card withBorder padding={0} data-testid="archive">
        <Group p="md" gap="sm" align="flex-end">
          <TextInput
            placeholder={t('filters.search')}
            aria-label={t('filters.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 260 }}
            data-testid="archive-search"
          />
          <CompanySelect
            value={companyId === null ? null : String(companyId)}
            onChange={filter((value: string | null) => setCompanyId(value ? Number(value) : null))}
            testId="filter-company"
          />
          <YearFilter value={year} onChange={filter(setYear)} />
          {kind === 'payslip' && <MonthFilter value={month} onChange={filter(setMonth)} />}
        </Group>
        {archive.isError || (archive.isPending && !archive.data) ? (
          <QueryPlaceholder query={archive} loadingTestId="archive-loading" />
        ) : rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconInbox size={32} />}
            title={filtered ? t('archive.noMatch') : t(`kinds.${kind}.archive.empty`)}
            description={filtered ? undefined : t(`kinds.${kind}.archive.emptyHint`)}
            data-testid="archive-empty"
          />
        ) : (
          <ResponsiveTable verticalSpacing="sm" highlightOnHover data-testid="archive-table">
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
              {rows.map((payslip) => {
                const name = personName(payslip.employee);
                const period = periodLabel(payslip, lng);
                return (
                  <Table.Tr key={payslip.id} data-testid={`payslip-${payslip.id}`}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        <bdi>{name}</bdi>
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={columns.company}>
                      <bdi>{payslip.company.name}</bdi>
                    </Table.Td>
                    <Table.Td data-label={columns.period} style={{ whiteSpace: 'nowrap' }}>
                      {period}
                    </Table.Td>
                    <Table.Td data-label={columns.pages}>{payslip.pages}</Table.Td>
                    <Table.Td data-label={columns.convalidated}>{formatDateTime(payslip.convalidatedAt)}</Table.Td>
                    <Table.Td data-label={columns.downloaded}>
                      {payslip.firstDownloadedAt ? (
                        formatDateTime(payslip.firstDownloadedAt)
                      ) : (
                        <Text size="sm" c="dimmed" span>
                          {t('archive.notDownloaded')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-actions>
                      {canDownload && (
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <RowAction
                            label={t('actions.preview')}
                            subject={`${name} · ${period}`}
                            icon={<IconEye size={18} />}
                            onClick={() =>
                              setPreview({
                                payslipId: payslip.id,
                                title: `${name} · ${period}`,
                                fileName: fileNameOf(payslip),
                              })
                            }
                            testId={`preview-${payslip.id}`}
                          />
                          <DownloadButton
                            download={() => downloadPayslip(kind, payslip.id, fileNameOf(payslip))}
                            label={t('download')}
                            fileName={`${name} · ${period}`}
                            testId={`download-${payslip.id}`}
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
          <Stack p="md" gap="sm">
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed" data-testid="archive-total">
                {t(`kinds.${kind}.count`, { count: total })}
              </Text>
              {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
            </Group>
          </Stack>
        )}
      </Card>
      <PayslipPreviewModal kind={kind} preview={preview} onClose={() => setPreview(null)} />
    </>
  );
}

export function PayslipArchivePage() {
  return <ArchivePage kind="payslip" />;
}

export function TaxCertificateArchivePage() {
  return <ArchivePage kind="taxCertificate" />;
}
