// The report's "sales details" tab: the day as the sales feed has it, by department, by payment type and by
// register, with each row's share of the day drawn as a bar, and the totals. Read-only: nothing here is typed.
import type { CashReport } from '@bottega/contracts/cash-register';
import { formatMoney } from '@bottega/contracts/money';
import {
  Alert,
  Card,
  EmptyState,
  Grid,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCashRegister, IconChartBar, IconCreditCard, IconReceipt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { Money } from '../../../ui/money';
import { useSalesDetails } from '../sales-details.api';

/** A row's share of the largest one, for its bar (returns and negative rows draw none). */
function share(value: number, largest: number): number {
  return largest > 0 ? Math.max(0, Math.min(100, (value / largest) * 100)) : 0;
}

function ShareBar({ value, largest, label }: { value: number; largest: number; label: string }) {
  return <Progress value={share(value, largest)} size="md" radius="sm" aria-label={label} miw={80} />;
}

function Section(props: { title: string; icon: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" data-testid={props.testId}>
      <Group gap="sm" mb="md" wrap="nowrap">
        <Text c="dimmed" lh={0}>
          {props.icon}
        </Text>
        <Title order={2} size="h4">
          {props.title}
        </Title>
      </Group>
      {props.children}
    </Card>
  );
}

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

export function SalesDetailsTab({ report }: { report: CashReport }) {
  const { t } = useTranslation(['cash-report-details', 'errors']);
  const details = useSalesDetails(report.id);

  if (details.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessage(details.error, t)}
      </Alert>
    );
  }
  if (!details.data) {
    return (
      <Stack gap="md" data-testid="sales-details-loading">
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} h={72} />
          ))}
        </SimpleGrid>
        <Skeleton h={240} />
      </Stack>
    );
  }

  const { byDepartment, byPayment, byRegister } = details.data;
  if (byDepartment.length === 0 && byPayment.length === 0 && byRegister.length === 0) {
    return (
      <Card withBorder>
        <EmptyState
          py="xl"
          icon={<IconChartBar size={32} />}
          title={t('salesDetails.empty')}
          description={t('salesDetails.emptyHint')}
          data-testid="sales-details-empty"
        />
      </Card>
    );
  }

  const departments = [...byDepartment].sort((a, b) => b.amountCents - a.amountCents);
  const payments = [...byPayment].sort((a, b) => b.amountCents - a.amountCents);
  const registers = [...byRegister].sort((a, b) => a.registerCode.localeCompare(b.registerCode));
  const sum = <Row,>(rows: Row[], value: (row: Row) => number) => rows.reduce((total, row) => total + value(row), 0);
  const departmentsTotal = sum(departments, (row) => row.amountCents);
  const largestDepartment = Math.max(0, ...departments.map((row) => row.amountCents));
  const paymentsTotal = sum(payments, (row) => row.amountCents);
  const largestPayment = Math.max(0, ...payments.map((row) => row.amountCents));
  const receiptsCount = report.system.receiptsCount;
  const average = receiptsCount > 0 ? Math.round(report.system.totalCents / receiptsCount) : 0;

  return (
    <Stack gap="lg" data-testid="sales-details">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat
          label={t('salesDetails.total')}
          value={<Money cents={report.system.totalCents} />}
          testId="sales-details-stat-total"
        />
        <Stat label={t('salesDetails.receipts')} value={receiptsCount} testId="sales-details-stat-receipts" />
        <Stat label={t('salesDetails.pieces')} value={report.system.piecesCount} testId="sales-details-stat-pieces" />
        <Stat
          label={t('salesDetails.averageReceipt')}
          value={<Money cents={average} />}
          testId="sales-details-stat-average"
        />
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Section
            title={t('salesDetails.byDepartment')}
            icon={<IconChartBar size={22} />}
            testId="sales-details-departments"
          >
            {departments.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('salesDetails.noRows')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('salesDetails.department')}</Table.Th>
                      <Table.Th ta="end">{t('salesDetails.pieces')}</Table.Th>
                      <Table.Th ta="end">{t('salesDetails.amount')}</Table.Th>
                      <Table.Th w="30%">{t('salesDetails.share')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {departments.map((row, index) => (
                      <Table.Tr key={row.department} data-testid={`sales-details-department-${index}`}>
                        <Table.Td>
                          <bdi>{row.department || t('salesDetails.noDepartment')}</bdi>
                        </Table.Td>
                        <Table.Td ta="end">
                          <bdi dir="ltr">{row.pieces}</bdi>
                        </Table.Td>
                        <Table.Td ta="end">
                          <Money cents={row.amountCents} />
                        </Table.Td>
                        <Table.Td>
                          <ShareBar
                            value={row.amountCents}
                            largest={largestDepartment}
                            label={`${row.department}: ${formatMoney(row.amountCents)}`}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr fw={700}>
                      <Table.Td>{t('salesDetails.totalRow')}</Table.Td>
                      <Table.Td ta="end">{sum(departments, (row) => row.pieces)}</Table.Td>
                      <Table.Td ta="end">
                        <Money cents={departmentsTotal} testId="sales-details-department-total" />
                      </Table.Td>
                      <Table.Td />
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </Table.ScrollContainer>
            )}
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <Section
              title={t('salesDetails.byPayment')}
              icon={<IconCreditCard size={22} />}
              testId="sales-details-payments"
            >
              {payments.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('salesDetails.noRows')}
                </Text>
              ) : (
                <Table verticalSpacing="xs">
                  <Table.Tbody>
                    {payments.map((row) => (
                      <Table.Tr key={row.method} data-testid={`sales-details-payment-${row.method}`}>
                        <Table.Td>{t(`paymentMethods.${row.method}`)}</Table.Td>
                        <Table.Td w="35%">
                          <ShareBar
                            value={row.amountCents}
                            largest={largestPayment}
                            label={`${t(`paymentMethods.${row.method}`)}: ${formatMoney(row.amountCents)}`}
                          />
                        </Table.Td>
                        <Table.Td ta="end">
                          <Money cents={row.amountCents} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr fw={700}>
                      <Table.Td>{t('salesDetails.totalRow')}</Table.Td>
                      <Table.Td />
                      <Table.Td ta="end">
                        <Money cents={paymentsTotal} testId="sales-details-payment-total" />
                      </Table.Td>
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              )}
            </Section>
            <Section
              title={t('salesDetails.byRegister')}
              icon={<IconCashRegister size={22} />}
              testId="sales-details-registers"
            >
              {registers.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('salesDetails.noRows')}
                </Text>
              ) : (
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('salesDetails.register')}</Table.Th>
                      <Table.Th ta="end">{t('salesDetails.receipts')}</Table.Th>
                      <Table.Th ta="end">{t('salesDetails.amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {registers.map((row) => (
                      <Table.Tr key={row.registerCode} data-testid={`sales-details-register-${row.registerCode}`}>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <IconReceipt size={16} color="var(--mantine-color-dimmed)" />
                            <bdi dir="ltr">{row.registerCode}</bdi>
                          </Group>
                        </Table.Td>
                        <Table.Td ta="end">{row.receiptsCount}</Table.Td>
                        <Table.Td ta="end">
                          <Money cents={row.amountCents} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr fw={700}>
                      <Table.Td>{t('salesDetails.totalRow')}</Table.Td>
                      <Table.Td ta="end">{sum(registers, (row) => row.receiptsCount)}</Table.Td>
                      <Table.Td ta="end">
                        <Money cents={sum(registers, (row) => row.amountCents)} testId="sales-details-register-total" />
                      </Table.Td>
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              )}
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
