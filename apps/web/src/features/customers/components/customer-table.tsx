// The table of customers/list, users/list and users/search's results: one row per card, the whole row opening the
// customer (its first cell is the link, for the keyboard and screen readers); the lists of club members show their
// contacts and subscription date instead of the registration badges.
import type { CustomerRow } from '@bottega/contracts/customers';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { QueryTable } from '../../../ui/query-table';
import { instantDate } from '../customer-format';
import { CustomerName, LevelBadge, RegistrationBadges } from './customer-badges';

export type CustomerTableVariant = 'customers' | 'members';

/** Where a row leads: the customer's page, or the member's (users/{id}) in the club members' screens. */
export function customerPath(variant: CustomerTableVariant, id: number): string {
  return variant === 'customers' ? `/app/marketing/customers/${id}` : `/app/marketing/users/${id}`;
}

export function CustomerTable(props: {
  variant: CustomerTableVariant;
  query: {
    isError: boolean;
    isPending: boolean;
    error: unknown;
    data?: { data: CustomerRow[]; meta: { total: number } };
  };
  empty: { icon: ReactNode; title: string; description?: string };
  page: number;
  onPage: (page: number) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const location = useLocation();
  // The detail's back button returns to this list as it is now (its filters, search and page).
  const state = { back: `${location.pathname}${location.search}` };
  const members = props.variant === 'members';

  const columns = [
    { label: t('fields.cardNumber') },
    { label: t('fields.name') },
    ...(members ? [{ label: t('fields.email') }, { label: t('fields.phone') }] : []),
    { label: t('fields.city') },
    { label: t('fields.shop') },
    members ? { label: t('fields.subscribedAt') } : { label: t('fields.lastPurchaseOn') },
    { label: t('fields.points'), alignEnd: true },
    { label: t('fields.level') },
    ...(members ? [{ label: t('fields.marketingConsent') }] : [{ label: t('fields.status') }]),
  ];

  const row = (customer: CustomerRow) => {
    const to = customerPath(props.variant, customer.id);
    return (
      <Table.Tr
        key={customer.id}
        data-testid={`${props.testIdPrefix}-row-${customer.id}`}
        style={{ cursor: 'pointer' }}
        onClick={(event) => {
          // The link in the row opens it itself.
          if ((event.target as HTMLElement).closest('a, button')) return;
          navigate(to, { state });
        }}
      >
        <Table.Td>
          <Anchor component={Link} to={to} state={state} fw={600} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
            {customer.cardNumber}
          </Anchor>
        </Table.Td>
        <Table.Td data-label={t('fields.name')}>
          <CustomerName customer={customer} />
        </Table.Td>
        {members && (
          <>
            <Table.Td data-label={t('fields.email')}>
              <Text size="sm" dir="ltr" ta="start" style={{ overflowWrap: 'anywhere' }}>
                {customer.email ?? ''}
              </Text>
            </Table.Td>
            <Table.Td data-label={t('fields.phone')}>
              <Text size="sm" dir="ltr" ta="start" style={{ whiteSpace: 'nowrap' }}>
                {customer.phone ?? ''}
              </Text>
            </Table.Td>
          </>
        )}
        <Table.Td data-label={t('fields.city')}>{customer.city ? <bdi>{customer.city}</bdi> : ''}</Table.Td>
        <Table.Td data-label={t('fields.shop')}>
          {customer.shop && (
            <Stack gap={0}>
              <Text size="sm">
                <bdi>{customer.shop.name}</bdi>
              </Text>
              <Text size="xs" c="dimmed" dir="ltr" ta="start">
                {customer.shop.code}
              </Text>
            </Stack>
          )}
        </Table.Td>
        {members ? (
          <Table.Td data-label={t('fields.subscribedAt')} style={{ whiteSpace: 'nowrap' }}>
            {instantDate(customer.subscribedAt)}
          </Table.Td>
        ) : (
          <Table.Td data-label={t('fields.lastPurchaseOn')} style={{ whiteSpace: 'nowrap' }}>
            {formatDate(customer.lastPurchaseOn)}
          </Table.Td>
        )}
        <Table.Td data-label={t('fields.points')} ta="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {customer.points}
        </Table.Td>
        <Table.Td data-label={t('fields.level')}>
          <LevelBadge name={customer.levelName} />
        </Table.Td>
        {members ? (
          <Table.Td data-label={t('fields.marketingConsent')}>
            {t(customer.marketingConsent ? 'search.consent.yes' : 'search.consent.no')}
          </Table.Td>
        ) : (
          <Table.Td data-label={t('fields.status')}>
            <RegistrationBadges customer={customer} />
          </Table.Td>
        )}
      </Table.Tr>
    );
  };

  return (
    <QueryTable
      query={props.query}
      empty={props.empty}
      columns={columns}
      row={row}
      total={(count) => t(members ? 'members.total' : 'list.total', { count })}
      page={props.page}
      onPage={props.onPage}
      testIdPrefix={props.testIdPrefix}
    />
  );
}
