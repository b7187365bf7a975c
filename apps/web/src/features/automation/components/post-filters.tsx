// The posts' filters the calendar and the list share: the account a post goes to, its state and its author.
import { type PostState, postStates, socialNetworks } from '@bottega/contracts/automation';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../accounts.api';
import { usePostAuthors } from '../posts.api';

export type PostFilterValues = { accountId: number | null; state: PostState | null; authorId: number | null };

export function isPostState(value: string | null): value is PostState {
  return (postStates as readonly (string | null)[]).includes(value);
}

export function PostFilters(props: { value: PostFilterValues; onChange: (value: Partial<PostFilterValues>) => void }) {
  const { t } = useTranslation('automation');
  const accounts = useAccounts({ page: 1, perPage: 100 });
  const authors = usePostAuthors();
  const accountGroups = socialNetworks
    .map((network) => ({
      group: t(`networks.${network}`),
      items: (accounts.data?.data ?? [])
        .filter((account) => account.network === network)
        .map((account) => ({ value: String(account.id), label: account.name })),
    }))
    .filter((group) => group.items.length > 0);
  return (
    <>
      <Select
        aria-label={t('posts.filters.account')}
        data={[{ value: '', label: t('posts.filters.allAccounts') }, ...accountGroups]}
        value={props.value.accountId === null ? '' : String(props.value.accountId)}
        allowDeselect={false}
        searchable
        onChange={(value) => props.onChange({ accountId: value ? Number(value) : null })}
        w={{ base: '100%', xs: 220 }}
        data-testid="posts-account"
      />
      <Select
        aria-label={t('posts.filters.state')}
        data={[
          { value: '', label: t('posts.filters.allStates') },
          ...postStates.map((state) => ({ value: state, label: t(`postStates.${state}`) })),
        ]}
        value={props.value.state ?? ''}
        allowDeselect={false}
        onChange={(value) => props.onChange({ state: isPostState(value) ? value : null })}
        w={{ base: '100%', xs: 180 }}
        data-testid="posts-state"
      />
      <Select
        aria-label={t('posts.filters.author')}
        data={[
          { value: '', label: t('posts.filters.allAuthors') },
          ...(authors.data ?? []).map((author) => ({ value: String(author.id), label: author.name })),
        ]}
        value={props.value.authorId === null ? '' : String(props.value.authorId)}
        allowDeselect={false}
        searchable
        onChange={(value) => props.onChange({ authorId: value ? Number(value) : null })}
        w={{ base: '100%', xs: 200 }}
        data-testid="posts-author"
      />
    </>
  );
}
