// Accountancy › Contanti da versare › a shop's day (shops/cashToDeposit/{businessID}/{date}): what makes up the day's
// figure: the balance carried in, the closed report's cash (with its expenses), the deposits, the balance carried out.
import { isoDateSchema } from '@bottega/contracts/common';
import { businessDate } from '@bottega/contracts/dates';
import { Alert, Anchor, Card, EmptyState, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowBackUp, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { DepositsTable } from '../components/deposits-table';
import { useCashToDepositDay } from '../deposits.api';

export default function CashToDepositDayPage() {
  const params = useParams();
  const shopId = Number(params.businessID);
  const date = params.date ?? '';
  if (!Number.isInteger(shopId) || shopId <= 0 || !isoDateSchema.safeParse(date).success) {
    return <StatusPage status={404} />;
  }
  return <DayDetail shopId={shopId} date={date} />;
}

function Figure(props: { label: string; cents: number | null; testId: string; strong?: boolean }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text fw={props.strong ? 700 : 500} fz={props.strong ? 'lg' : 'md'} data-testid={props.testId}>
        {props.cents === null ? '—' : <Money cents={props.cents} />}
      </Text>
    </Card>
  );
}

function DayDetail({ shopId, date }: { shopId: number; date: string }) {
  const { t } = useTranslation(['deposits', 'errors', 'common']);
  const answer = useCashToDepositDay(shopId, date);
  const data = answer.data;
  const back = `/app/shops/cashToDeposit?shop=${shopId}&month=${date.slice(0, 7)}`;
  const depositsCents = data?.deposits.reduce((total, deposit) => total + deposit.amountCents, 0) ?? 0;
  return (
    <>
      <PageHeader
        title={t('day.title', { date: formatDate(date), shop: data ? data.shop.name : '' })}
        description={t('day.description')}
        actions={
          <Anchor component={Link} to={back}>
            <Group gap={4}>
              <IconArrowBackUp size={16} />
              {t('day.back')}
            </Group>
          </Anchor>
        }
      />
      {answer.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(answer.error, t)}
        </Alert>
      ) : !data ? (
        <Skeleton h={300} />
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label={t('day.opening')} cents={data.openingCents} testId="day-opening" />
            <Figure
              label={t('cashToDeposit.cash')}
              cents={data.report?.status === 'closed' ? data.report.dailyCashCents : null}
              testId="day-cash"
            />
            <Figure label={t('cashToDeposit.deposits')} cents={depositsCents} testId="day-deposits" />
            <Figure label={t('day.closing')} cents={data.balanceCents} testId="day-balance" strong />
          </SimpleGrid>
          <Card withBorder>
            <Title order={2} size="h4" mb="xs">
              {t('day.report')}
            </Title>
            {data.report ? (
              <Stack gap={4}>
                <Group justify="space-between">
                  <Text size="sm">{t('day.reportStatus')}</Text>
                  <Text size="sm" fw={500}>
                    {t(`day.statuses.${data.report.status}`, { defaultValue: data.report.status })}
                  </Text>
                </Group>
                <Group justify="space-between">
                  <Text size="sm">{t('day.total')}</Text>
                  <Money cents={data.report.totalCents} />
                </Group>
                <Group justify="space-between">
                  <Text size="sm">{t('day.pos')}</Text>
                  <Money cents={data.report.posCents} />
                </Group>
                <Group justify="space-between">
                  <Text size="sm">{t('cashToDeposit.cash')}</Text>
                  <Money cents={data.report.dailyCashCents} />
                </Group>
                <Anchor component={Link} to={`/app/shop/cashRegister/${data.report.id}/edit`} size="sm" mt="xs">
                  {t('day.openReport')}
                </Anchor>
                {data.report.status !== 'closed' && (
                  <Text size="xs" c="orange.8">
                    {t('day.notClosedHint')}
                  </Text>
                )}
              </Stack>
            ) : (
              <EmptyState py="md" icon={<IconReceipt size={28} />} title={t('day.noReport')} />
            )}
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="xs">
              {t('cashToDeposit.expenses')}
            </Title>
            {data.expenses.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('day.noExpenses')}
              </Text>
            ) : (
              <Table data-testid="day-expenses">
                <Table.Tbody>
                  {data.expenses.map((expense) => (
                    <Table.Tr key={expense.id}>
                      <Table.Td>
                        <bdi>{expense.description}</bdi>
                      </Table.Td>
                      <Table.Td ta="end">
                        <Money cents={expense.amountCents} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Text size="xs" c="dimmed" mt="xs">
              {t('cashToDeposit.expensesHint')}
            </Text>
          </Card>
          <Card withBorder padding={0}>
            <Title order={2} size="h4" p="md" pb="xs">
              {t('cashToDeposit.deposits')}
            </Title>
            {data.deposits.length === 0 ? (
              <Text size="sm" c="dimmed" p="md" pt={0}>
                {t('day.noDeposits')}
              </Text>
            ) : (
              <DepositsTable
                deposits={data.deposits}
                shops={[{ id: data.shop.id, code: data.shop.code, name: data.shop.name }]}
                today={businessDate()}
              />
            )}
          </Card>
        </Stack>
      )}
    </>
  );
}
