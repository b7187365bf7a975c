// User › user/payslips and user/tax-certificates: the person's own, convalidated, of one year (the latest they have
// unless they pick another), each with its company and pages, "new" until first downloaded, and its download.
// Former employees use these too: nothing here needs a shop.
import type { PayslipKind } from '@bottega/contracts/payslips';
import { Badge, Card, EmptyState, Group, Select, Table, Text } from '@mantine/core';
import { IconCalendar, IconReceipt2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { DownloadButton } from '../../../ui/download-button';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { RefreshButton } from '../../../ui/refresh-button';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { payslipFileName, periodLabel } from '../payslip-format';
import { useDownloadOwnPayslip, useOwnPayslips } from '../payslips.api';

function OwnPage({ kind }: { kind: PayslipKind }) {
  const { t } = useTranslation('payslips');
  const lng = currentLanguage();
  // In the address (?year=2025), so a reload or the back button keeps it; none: the server's choice, the latest
  // year the person has any.
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked > 0 ? asked : null;
  const setYear = (value: number) => setParams({ year: String(value) }, { replace: true });
  const own = useOwnPayslips(kind, year);
  const download = useDownloadOwnPayslip(kind);
  const rows = own.data?.data ?? [];
  const years = own.data?.meta.years ?? [];
  const shownYear = own.data?.meta.year ?? year;
  const columns = { company: t('columns.company'), pages: t('columns.pageCount') };

  return (
    <>
      <PageHeader
        title={t(`kinds.${kind}.own.title`)}
        description={t(`kinds.${kind}.own.description`)}
        actions={
          <>
            {years.length > 0 && (
              <Select
                aria-label={t('fields.year')}
                leftSection={<IconCalendar size={16} />}
                data={years.map(String)}
                value={shownYear === null ? null : String(shownYear)}
                onChange={(value) => value && setYear(Number(value))}
                allowDeselect={false}
                w={130}
                data-testid="own-year"
              />
            )}
            <RefreshButton label={t('actions.refresh')} query={own} />
          </>
        }
      />
      <Card withBorder padding={0} data-testid="own-payslips">
        {own.isError || (own.isPending && !own.data) ? (
          <QueryPlaceholder query={own} loadingTestId="own-loading" />
        ) : rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconReceipt2 size={32} />}
            title={t(`kinds.${kind}.own.empty`)}
            description={t(`kinds.${kind}.own.emptyHint`)}
            data-testid="own-empty"
          />
        ) : (
          <ResponsiveTable verticalSpacing="sm" highlightOnHover data-testid="own-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.period')}</Table.Th>
                <Table.Th>{columns.company}</Table.Th>
                <Table.Th>{columns.pages}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((payslip) => {
                const period = periodLabel(payslip, lng);
                const fileName = payslipFileName(t(`kinds.${kind}.filePrefix`), payslip);
                return (
                  <Table.Tr key={payslip.id} data-testid={`own-${payslip.id}`}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                          {period}
                        </Text>
                        {payslip.firstDownloadedAt === null && (
                          <Badge color="blue" variant="filled" size="sm" tt="none" data-testid="own-new">
                            {t('own.new')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td data-label={columns.company}>
                      <bdi>{payslip.company.name}</bdi>
                    </Table.Td>
                    <Table.Td data-label={columns.pages}>{payslip.pages}</Table.Td>
                    <Table.Td data-actions>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <DownloadButton
                          download={() => download(payslip.id, fileName)}
                          label={t('download')}
                          fileName={period}
                          testId={`own-download-${payslip.id}`}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ResponsiveTable>
        )}
        {rows.length > 0 && (
          <Text size="sm" c="dimmed" p="md" data-testid="own-total">
            {t(`kinds.${kind}.own.total`, { count: rows.length, year: shownYear })}
          </Text>
        )}
      </Card>
    </>
  );
}

export function OwnPayslipsPage() {
  return <OwnPage kind="payslip" />;
}

export function OwnTaxCertificatesPage() {
  return <OwnPage kind="taxCertificate" />;
}
