// Management › Spese autorizzate (shops/expense-authorisations): a shop's authorisations to pay expenses from
// the till (spec §3 Authorised expense, §5 costs must be authorised by management before entry), with what has
// been used and what is left of each and the days it is valid. Those who check costs (shops.costsIncurred.check)
// authorise a new one and revoke one (after confirming). The shop lives in the address (?shop=12).
import { businessDate } from '@bottega/contracts/dates';
import type { ExpenseAuthorisation } from '@bottega/contracts/expenses';
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Progress,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertCircle, IconBan, IconBuildingStore, IconPlus, IconReceiptTax, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { DeleteConfirmationModal, useDeleteConfirmation } from '../../../ui/delete-confirmation';
import { Money, moneyInText } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { RowAction } from '../../../ui/row-action';
import { useAuthUser, useSelectableShops } from '../../auth/auth.api';
import { ExpenseAuthorisationModal } from '../components/expense-authorisation-modal';
import {
  type ExpenseAuthorisationStatus,
  expenseAuthorisationLeft,
  expenseAuthorisationStatus,
} from '../expense-authorisation-status';
import {
  useDeleteExpenseAuthorisation,
  useExpenseAuthorisations,
  useRevokeExpenseAuthorisation,
} from '../expenses.api';

const statusColors: Record<ExpenseAuthorisationStatus, string> = {
  active: 'teal',
  upcoming: 'blue',
  expired: 'gray',
  usedUp: 'orange',
  revoked: 'red',
};

type Filter = 'current' | 'all';

export default function ExpenseAuthorisationsPage() {
  const { t } = useTranslation(['expenses', 'errors']);
  const user = useAuthUser().data;
  const canCheck = user?.can.includes('shops.costsIncurred.check') ?? false;
  const shops = useSelectableShops(true);
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<Filter>('current');
  const [creating, setCreating] = useState(false);

  const choices = shops.data ?? [];
  const asked = Number(params.get('shop'));
  const shop =
    choices.find((candidate) => candidate.id === asked) ??
    choices.find((candidate) => candidate.id === user?.shop?.id) ??
    choices[0] ??
    null;
  const today = businessDate();

  return (
    <>
      <PageHeader
        title={t('authorisations.title')}
        description={t('authorisations.description')}
        actions={
          <>
            <Select
              aria-label={t('authorisations.shop')}
              leftSection={<IconBuildingStore size={16} />}
              data={choices.map((choice) => ({ value: String(choice.id), label: `${choice.code} · ${choice.name}` }))}
              value={shop ? String(shop.id) : null}
              allowDeselect={false}
              searchable
              onChange={(value) => value && setParams({ shop: value })}
              w={260}
              data-testid="authorisations-shop"
            />
            {canCheck && shop && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setCreating(true)}
                data-testid="authorisation-create"
              >
                {t('authorisations.create')}
              </Button>
            )}
          </>
        }
      />
      {shops.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(shops.error, t)}
        </Alert>
      ) : shops.isPending ? (
        <Skeleton h={240} />
      ) : !shop ? (
        <Card withBorder>
          <EmptyState
            py="xl"
            icon={<IconBuildingStore size={32} />}
            title={t('authorisations.noShops')}
            data-testid="authorisations-no-shops"
          />
        </Card>
      ) : (
        <>
          <AuthorisationsList
            key={shop.id}
            shopId={shop.id}
            shopName={shop.name}
            today={today}
            filter={filter}
            onFilter={setFilter}
            canCheck={canCheck}
          />
          <ExpenseAuthorisationModal
            opened={creating}
            shopId={shop.id}
            shopName={shop.name}
            today={today}
            onClose={() => setCreating(false)}
          />
        </>
      )}
    </>
  );
}

function AuthorisationsList(props: {
  shopId: number;
  shopName: string;
  today: string;
  filter: Filter;
  onFilter: (filter: Filter) => void;
  canCheck: boolean;
}) {
  const { t } = useTranslation(['expenses', 'errors']);
  const authorisations = useExpenseAuthorisations(props.shopId);
  const revocation = useDeleteConfirmation(
    useRevokeExpenseAuthorisation(props.shopId),
    (authorisation: ExpenseAuthorisation) => authorisation.description,
  );
  const deletion = useDeleteConfirmation(
    useDeleteExpenseAuthorisation(props.shopId),
    (authorisation: ExpenseAuthorisation) => authorisation.description,
  );
  const all = [...(authorisations.data ?? [])].sort((a, b) => b.validTo.localeCompare(a.validTo) || b.id - a.id);
  const rows = all.filter((authorisation) => {
    if (props.filter === 'all') return true;
    const status = expenseAuthorisationStatus(authorisation, props.today);
    return status === 'active' || status === 'upcoming';
  });

  return (
    <Card withBorder padding={0} data-testid="authorisations">
      <Group p="md" justify="space-between">
        <SegmentedControl
          value={props.filter}
          onChange={(value) => props.onFilter(value as Filter)}
          data={[
            { value: 'current', label: t('authorisations.filters.current') },
            { value: 'all', label: t('authorisations.filters.all') },
          ]}
          data-testid="authorisations-filter"
        />
        <Text size="sm" c="dimmed">
          {authorisations.data ? t('authorisations.total', { count: rows.length }) : ''}
        </Text>
      </Group>
      {authorisations.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" m="md">
          {errorMessage(authorisations.error, t)}
        </Alert>
      ) : authorisations.isPending ? (
        <Stack p="md" gap="sm">
          <Skeleton h={18} />
          <Skeleton h={18} w="70%" />
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconReceiptTax size={32} />}
          title={t('authorisations.empty', { shop: props.shopName })}
          description={props.canCheck ? t('authorisations.emptyHintCheck') : t('authorisations.emptyHint')}
          data-testid="authorisations-empty"
        />
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="authorisations-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('authorisations.columns.description')}</Table.Th>
                <Table.Th>{t('authorisations.columns.validity')}</Table.Th>
                <Table.Th ta="end">{t('authorisations.columns.maxAmount')}</Table.Th>
                <Table.Th ta="end">{t('authorisations.columns.used')}</Table.Th>
                <Table.Th ta="end">{t('authorisations.columns.left')}</Table.Th>
                <Table.Th>{t('authorisations.columns.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((authorisation) => {
                const status = expenseAuthorisationStatus(authorisation, props.today);
                const left = expenseAuthorisationLeft(authorisation);
                const usedShare =
                  authorisation.maxAmountCents > 0
                    ? Math.min(100, (authorisation.usedCents / authorisation.maxAmountCents) * 100)
                    : 0;
                return (
                  <Table.Tr key={authorisation.id} data-testid={`authorisation-${authorisation.id}`}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        <bdi>{authorisation.description}</bdi>
                      </Text>
                      {authorisation.authorisedBy && (
                        <Text size="xs" c="dimmed">
                          {t('authorisations.by', { name: authorisation.authorisedBy })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {t('authorisations.validity', {
                        from: formatDate(authorisation.validFrom),
                        to: formatDate(authorisation.validTo),
                      })}
                    </Table.Td>
                    <Table.Td ta="end">
                      <Money cents={authorisation.maxAmountCents} />
                    </Table.Td>
                    <Table.Td ta="end">
                      <Money cents={authorisation.usedCents} />
                      <Progress
                        value={usedShare}
                        size="xs"
                        mt={4}
                        color={usedShare >= 100 ? 'orange' : 'blue'}
                        aria-label={t('authorisations.usedShare', {
                          used: moneyInText(authorisation.usedCents),
                          max: moneyInText(authorisation.maxAmountCents),
                        })}
                      />
                    </Table.Td>
                    <Table.Td ta="end" fw={600}>
                      <Money cents={left} testId={`authorisation-left-${authorisation.id}`} />
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        color={statusColors[status]}
                        variant="light"
                        data-testid={`authorisation-status-${authorisation.id}`}
                      >
                        {t(`authorisations.statuses.${status}`)}
                      </Badge>
                      {authorisation.revokedAt && (
                        <Text size="xs" c="dimmed">
                          {formatDate(authorisation.revokedAt)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {props.canCheck && !authorisation.revokedAt && status !== 'expired' && (
                          <RowAction
                            label={t('authorisations.revoke')}
                            subject={authorisation.description}
                            icon={<IconBan size={18} />}
                            color="red"
                            onClick={() => revocation.ask(authorisation)}
                            testId={`authorisation-revoke-${authorisation.id}`}
                          />
                        )}
                        {props.canCheck && authorisation.usedCents === 0 && (
                          <RowAction
                            label={t('authorisations.delete')}
                            subject={authorisation.description}
                            icon={<IconTrash size={18} />}
                            color="red"
                            onClick={() => deletion.ask(authorisation)}
                            testId={`authorisation-delete-${authorisation.id}`}
                          />
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DeleteConfirmationModal
        deletion={revocation}
        t={t}
        texts={{
          title: 'authorisations.revokeTitle',
          message: 'authorisations.revokeMessage',
          confirm: 'authorisations.revoke',
          done: 'authorisations.revoked',
        }}
      />
      <DeleteConfirmationModal
        deletion={deletion}
        t={t}
        texts={{
          title: 'authorisations.deleteTitle',
          message: 'authorisations.deleteMessage',
          confirm: 'authorisations.delete',
          done: 'authorisations.deleted',
        }}
      />
    </Card>
  );
}
