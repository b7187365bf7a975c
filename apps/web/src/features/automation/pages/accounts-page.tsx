// Automation › users (spec §2, issue 28): the company's social accounts — network, name and handle, whom each speaks
// for, whether its token still works (what the network said as a tooltip), the posts published to it and their
// figures — searched and filtered by network, state and shop. Who manages accounts creates, checks, edits and deletes
// them here; whoever writes posts sees them to choose where posts go.
import {
  type Account,
  type AccountState,
  accountStates,
  type SocialNetwork,
  socialNetworks,
} from '@bottega/contracts/automation';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Menu,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBrandFacebook,
  IconDots,
  IconEye,
  IconPencil,
  IconPlugConnected,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteConfirmationModal, useDeleteConfirmation } from '../../../ui/delete-confirmation';
import { PageHeader } from '../../../ui/page-header';
import { QueryTable } from '../../../ui/query-table';
import { RowAction } from '../../../ui/row-action';
import { ShopFilter } from '../../../ui/shop-filter';
import { listPerPage, useListSearch } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { useAccountScopes, useAccounts, useDeleteAccount } from '../accounts.api';
import { useAccountCheck } from '../components/account-check';
import { AccountFiguresInline, formatCount } from '../components/account-figures';
import { AccountFormModal } from '../components/account-form-modal';
import { speaksForLabel } from '../components/account-form-values';
import { AccountNetworkIcon } from '../components/account-network-icon';
import { AccountStateBadge } from '../components/account-state-badge';

const deleteTexts = {
  title: 'accounts.deleteTitle',
  message: 'accounts.deleteMessage',
  confirm: 'accounts.delete',
  done: 'accounts.deleted',
};

function isNetwork(value: string | null): value is SocialNetwork {
  return (socialNetworks as readonly (string | null)[]).includes(value);
}

function isState(value: string | null): value is AccountState {
  return (accountStates as readonly (string | null)[]).includes(value);
}

export default function AccountsPage() {
  const { t } = useTranslation(['automation', 'errors']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const manage = can.has('automation.accounts');
  const { search, setSearch, debouncedSearch } = useListSearch();
  const [page, setPage] = useState(1);
  const [network, setNetwork] = useState<SocialNetwork | null>(null);
  const [state, setState] = useState<AccountState | null>(null);
  const [shopId, setShopId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Account | 'new' | null>(null);
  const scopes = useAccountScopes(manage);
  const accounts = useAccounts({
    page,
    perPage: listPerPage,
    search: debouncedSearch || undefined,
    network: network ?? undefined,
    state: state ?? undefined,
    shopId: shopId ?? undefined,
  });
  const deletion = useDeleteConfirmation<Account>(useDeleteAccount(), (account) => account.name);
  const check = useAccountCheck();
  const filtered = debouncedSearch !== '' || network !== null || state !== null || shopId !== null;
  /** A filter's change goes back to the first page. */
  const resetting =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };
  const shops = scopes.data?.shops ?? [];

  return (
    <>
      <PageHeader
        title={t('accounts.title')}
        description={t('accounts.description')}
        actions={
          manage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="account-create">
              {t('accounts.create')}
            </Button>
          )
        }
      />
      <Card withBorder padding={0}>
        <Group p="md" gap="sm" align="flex-end">
          <TextInput
            placeholder={t('accounts.searchPlaceholder')}
            aria-label={t('accounts.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => resetting(setSearch)(event.currentTarget.value)}
            w={{ base: '100%', sm: 260 }}
            data-testid="accounts-search"
          />
          <Select
            aria-label={t('accounts.filters.network')}
            data={[
              { value: '', label: t('accounts.filters.allNetworks') },
              ...socialNetworks.map((one) => ({ value: one, label: t(`networks.${one}`) })),
            ]}
            value={network ?? ''}
            allowDeselect={false}
            onChange={resetting((value: string | null) => setNetwork(isNetwork(value) ? value : null))}
            w={{ base: '100%', xs: 180 }}
            data-testid="accounts-network"
          />
          <Select
            aria-label={t('accounts.filters.state')}
            data={[
              { value: '', label: t('accounts.filters.allStates') },
              ...accountStates.map((one) => ({ value: one, label: t(`accountStates.${one}`) })),
            ]}
            value={state ?? ''}
            allowDeselect={false}
            onChange={resetting((value: string | null) => setState(isState(value) ? value : null))}
            w={{ base: '100%', xs: 180 }}
            data-testid="accounts-state"
          />
          {shops.length > 1 && (
            <ShopFilter
              shops={shops.map((shop) => ({ ...shop, city: '', companyName: '' }))}
              value={shopId ?? undefined}
              onChange={resetting((value: string | null) => setShopId(value ? Number(value) : null))}
              testId="accounts-shop"
            />
          )}
          {filtered && (
            <Button
              variant="subtle"
              onClick={() => {
                setSearch('');
                setNetwork(null);
                setState(null);
                setShopId(null);
                setPage(1);
              }}
            >
              {t('accounts.filters.clear')}
            </Button>
          )}
        </Group>
        <QueryTable<Account>
          query={accounts}
          empty={{
            icon: <IconBrandFacebook size={32} />,
            title: filtered ? t('accounts.noMatch') : t('accounts.empty'),
            description: filtered ? undefined : t(manage ? 'accounts.emptyDescription' : 'accounts.emptyReader'),
          }}
          columns={[
            { label: t('accounts.columns.account') },
            { label: t('accounts.columns.speaksFor') },
            { label: t('accounts.columns.state') },
            { label: t('accounts.columns.published'), alignEnd: true },
            { label: t('accounts.columns.figures'), alignEnd: true },
            { label: <VisuallyHidden>{t('accounts.columns.actions')}</VisuallyHidden> },
          ]}
          row={(account) => (
            <Table.Tr key={account.id} data-testid={`account-row-${account.id}`}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <AccountNetworkIcon network={account.network} />
                  <Stack gap={0} miw={0}>
                    <Anchor component={Link} to={`/app/automation/users/detail/${account.id}`} fw={500}>
                      <bdi>{account.name}</bdi>
                    </Anchor>
                    {account.handle && (
                      <Text size="xs" c="dimmed" dir="ltr" ta="start">
                        {account.handle}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td data-label={t('accounts.columns.speaksFor')}>
                <bdi>{speaksForLabel(account)}</bdi>
              </Table.Td>
              <Table.Td data-label={t('accounts.columns.state')}>
                <AccountStateBadge state={account.state} message={account.stateMessage} />
              </Table.Td>
              <Table.Td data-label={t('accounts.columns.published')} ta="end">
                {formatCount(account.publishedPosts)}
              </Table.Td>
              <Table.Td data-label={t('accounts.columns.figures')} ta="end">
                <AccountFiguresInline figures={account.figures} />
              </Table.Td>
              <Table.Td data-actions>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <RowAction
                    label={t('accounts.open')}
                    subject={account.name}
                    icon={<IconEye size={18} />}
                    to={`/app/automation/users/detail/${account.id}`}
                  />
                  {manage && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          loading={check.pendingId === account.id}
                          aria-label={t('accounts.manage', { name: account.name })}
                          data-testid={`account-menu-${account.id}`}
                        >
                          <IconDots size={18} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          leftSection={<IconPlugConnected size={16} />}
                          onClick={() => check.run(account)}
                          data-testid={`account-check-${account.id}`}
                        >
                          {t('accounts.check')}
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconPencil size={16} />}
                          onClick={() => setEditing(account)}
                          data-testid={`account-edit-${account.id}`}
                        >
                          {t('accounts.edit')}
                        </Menu.Item>
                        <Menu.Divider />
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={16} />}
                          onClick={() => deletion.ask(account)}
                          data-testid={`account-delete-${account.id}`}
                        >
                          {t('accounts.delete')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
          total={(count) => t('accounts.total', { count })}
          page={page}
          onPage={setPage}
          testIdPrefix="accounts"
        />
      </Card>
      <AccountFormModal
        opened={editing !== null}
        account={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <DeleteConfirmationModal deletion={deletion} t={t} texts={deleteTexts} />
    </>
  );
}
