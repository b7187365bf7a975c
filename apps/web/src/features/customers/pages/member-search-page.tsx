// Marketing › users/search (spec §2): club members found by card, name, email, phone, city, birthday month or
// marketing consent. Results come only once the person searches; the search lives in the address, so it can be
// shared, and the back button from a member returns to it.
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSearch, IconUserSearch, IconX } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAddressParams } from '../../../lib/address-params';
import { currentLanguage } from '../../../lib/i18n';
import { PageHeader } from '../../../ui/page-header';
import { listPerPage } from '../../../ui/use-list-page';
import { CustomerTable } from '../components/customer-table';
import {
  emptyMemberSearch,
  hasMemberSearch,
  type MemberSearchValues,
  memberSearchFromParams,
  memberSearchParams,
  memberSearchQuery,
  pageParam,
} from '../customer-query';
import { useCustomers } from '../customers.api';

/** January to December in the screen's language. */
function monthNames(lng: string): { value: string; label: string }[] {
  const format = new Intl.DateTimeFormat(lng, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => {
    const name = format.format(new Date(Date.UTC(2024, index, 1)));
    return { value: String(index + 1), label: name.charAt(0).toLocaleUpperCase(lng) + name.slice(1) };
  });
}

export default function MemberSearchPage() {
  const { t } = useTranslation(['customers', 'errors']);
  const [params, change] = useAddressParams();
  const [, setParams] = useSearchParams();
  /** A new search is a step of the history (unlike a page of its results), so back returns to the one before. */
  const search = (values: MemberSearchValues) =>
    setParams(
      Object.fromEntries(
        Object.entries(memberSearchParams(values)).flatMap(([key, value]) => (value === null ? [] : [[key, value]])),
      ),
    );
  const searched = memberSearchFromParams(params);
  const page = pageParam(params.get('page'));
  const active = hasMemberSearch(searched);
  const form = useForm<MemberSearchValues>({ initialValues: searched });
  const [empty, setEmpty] = useState(false);
  const results = useCustomers({ ...memberSearchQuery(searched), page, perPage: listPerPage }, active);
  const addressKey = params.toString();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form shows the search the address holds when the address changes (back, a shared link)
  useEffect(() => {
    form.setValues(memberSearchFromParams(params));
  }, [addressKey]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = form.getValues();
    setEmpty(!hasMemberSearch(values));
    if (hasMemberSearch(values)) search(values);
  };
  const clear = () => {
    form.setValues(emptyMemberSearch);
    setEmpty(false);
    search(emptyMemberSearch);
  };
  const text = (field: 'card' | 'name' | 'email' | 'phone' | 'city', max: number, ltr = false) => (
    <TextInput
      label={t(`search.fields.${field}`)}
      maxLength={max}
      dir={ltr ? 'ltr' : undefined}
      autoComplete="off"
      {...form.getInputProps(field)}
      data-testid={`member-search-${field}`}
    />
  );

  return (
    <>
      <PageHeader title={t('search.title')} description={t('search.description')} />
      <Stack gap="lg">
        <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate role="search">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {text('card', 40, true)}
            {text('name', 100)}
            {text('email', 254, true)}
            {text('phone', 40, true)}
            {text('city', 100)}
            <Select
              label={t('search.fields.birthdayMonth')}
              data={[{ value: '', label: t('search.anyMonth') }, ...monthNames(currentLanguage())]}
              allowDeselect={false}
              {...form.getInputProps('birthdayMonth')}
              onChange={(value) => form.setFieldValue('birthdayMonth', value ?? '')}
              data-testid="member-search-birthdayMonth"
            />
            <Select
              label={t('search.fields.marketingConsent')}
              data={[
                { value: '', label: t('search.consent.any') },
                { value: 'yes', label: t('search.consent.yes') },
                { value: 'no', label: t('search.consent.no') },
              ]}
              allowDeselect={false}
              {...form.getInputProps('marketingConsent')}
              onChange={(value) =>
                form.setFieldValue('marketingConsent', value === 'yes' || value === 'no' ? value : '')
              }
              data-testid="member-search-marketingConsent"
            />
          </SimpleGrid>
          {empty && (
            <Text c="red" size="sm" mt="sm" role="alert">
              {t('search.needCriterion')}
            </Text>
          )}
          <Group justify="flex-end" mt="md" gap="sm">
            {active && (
              <Button variant="subtle" leftSection={<IconX size={16} />} onClick={clear}>
                {t('search.clear')}
              </Button>
            )}
            <Button type="submit" leftSection={<IconSearch size={16} />} data-testid="member-search-submit">
              {t('search.submit')}
            </Button>
          </Group>
        </Card>
        {active ? (
          <Card withBorder padding={0}>
            <Title order={2} size="h4" px="md" pt="md">
              {t('search.results')}
            </Title>
            <CustomerTable
              variant="members"
              query={results}
              empty={{ icon: <IconUserSearch size={32} />, title: t('search.noResults') }}
              page={page}
              onPage={(next) => change({ page: next === 1 ? null : String(next) })}
              testIdPrefix="member-search"
            />
          </Card>
        ) : (
          <Text c="dimmed" ta="center" py="xl" data-testid="member-search-hint">
            {t('search.hint')}
          </Text>
        )}
      </Stack>
    </>
  );
}
