// Who the card belongs to: the card, since when it is in the club and in which shop, the contacts (confirmed or not,
// with their codes' dates), the consents with their dates and the invitations. A card nobody registered shows only
// what its receipts tell; an erased person (asked to be forgotten) shows that their data is gone.
import type { Customer } from '@bottega/contracts/customers';
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { instantDate } from '../customer-format';
import { RegistrationBadges } from './customer-badges';

/** One labelled value; an empty one reads "—" for sighted readers and "not given" for screen readers. */
function Field({ label, children, ltr }: { label: string; children: ReactNode; ltr?: boolean }) {
  const { t } = useTranslation('customers');
  const empty = children === null || children === undefined || children === '' || children === false;
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      {empty ? (
        <Text size="sm" c="dimmed">
          <span aria-hidden>—</span>
          <VisuallyHidden>{t('notGiven')}</VisuallyHidden>
        </Text>
      ) : (
        <Text size="sm" component="div" dir={ltr ? 'ltr' : undefined} ta="start" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      )}
    </div>
  );
}

/** A contact with whether its code was confirmed, and when. */
function Confirmed({ value, confirmedAt }: { value: string; confirmedAt: string | null }) {
  const { t } = useTranslation('customers');
  return (
    <Stack gap={2} align="flex-start">
      <Text span size="sm" dir="ltr">
        {value}
      </Text>
      {confirmedAt ? (
        <Badge color="teal" variant="light" size="sm" leftSection={<IconCircleCheck size={12} />}>
          {t('identity.confirmedOn', { date: instantDate(confirmedAt) })}
        </Badge>
      ) : (
        <Badge color="orange" variant="light" size="sm">
          {t('identity.notConfirmed')}
        </Badge>
      )}
    </Stack>
  );
}

export function CustomerIdentityCard({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const place = [customer.zip, customer.city, customer.state ? `(${customer.state})` : '']
    .filter((part) => part)
    .join(' ');
  return (
    <Card withBorder padding="lg" data-testid="customer-identity">
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <Title order={2} size="h4">
          {t('identity.title')}
        </Title>
        <RegistrationBadges customer={customer} />
      </Group>
      {customer.erased && (
        <Alert color="gray" icon={<IconInfoCircle size={18} />} mb="md">
          {t('identity.erasedHint')}
        </Alert>
      )}
      {!customer.registered && !customer.erased && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} mb="md">
          {t('identity.nonRegisteredHint')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <Field label={t('fields.cardNumber')} ltr>
          <Text span fw={600} size="sm">
            {customer.cardNumber}
          </Text>
        </Field>
        <Field label={t('fields.shop')}>
          {customer.shop && <bdi>{`${customer.shop.code} · ${customer.shop.name}`}</bdi>}
        </Field>
        <Field label={t('fields.subscribedAt')}>{instantDate(customer.subscribedAt)}</Field>
        <Field label={t('fields.firstSeenOn')}>{formatDate(customer.firstSeenOn)}</Field>
        <Field label={t('fields.lastPurchaseOn')}>{formatDate(customer.lastPurchaseOn)}</Field>
        {customer.registered && !customer.erased && (
          <>
            <Field label={t('fields.email')}>
              {customer.email && <Confirmed value={customer.email} confirmedAt={customer.emailConfirmedAt} />}
            </Field>
            <Field label={t('fields.phone')}>
              {customer.phone && <Confirmed value={customer.phone} confirmedAt={customer.phoneConfirmedAt} />}
            </Field>
            <Field label={t('fields.address')}>
              {(customer.address || place) && (
                <>
                  {customer.address && (
                    <div>
                      <bdi>{customer.address}</bdi>
                    </div>
                  )}
                  {place && (
                    <div>
                      <bdi>{place}</bdi>
                    </div>
                  )}
                </>
              )}
            </Field>
            <Field label={t('fields.birthday')}>{formatDate(customer.birthday)}</Field>
            <Field label={t('fields.gender')}>{customer.gender && t(`genders.${customer.gender}`)}</Field>
            <Field label={t('fields.language')}>
              {customer.language && t(`common:languages.${customer.language}`, { defaultValue: customer.language })}
            </Field>
            <Field label={t('fields.privacyConsent')}>
              {customer.privacyConsentAt && t('identity.givenOn', { date: instantDate(customer.privacyConsentAt) })}
            </Field>
            <Field label={t('fields.marketingConsent')}>
              {customer.marketingConsentAt
                ? t('identity.givenOn', { date: instantDate(customer.marketingConsentAt) })
                : t('identity.notGivenConsent')}
            </Field>
            <Field label={t('fields.referredBy')}>{customer.referredBy && <bdi>{customer.referredBy.name}</bdi>}</Field>
            <Field label={t('fields.invitedCount')}>{String(customer.invitedCount)}</Field>
          </>
        )}
      </SimpleGrid>
    </Card>
  );
}
