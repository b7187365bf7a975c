// The small marks the marketing screens share: a customer's level, whether the card is a club member's, whether the
// person asked to be forgotten, and the name or, for a card nobody registered, a badge saying so.
import { Badge, Group, Text } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { customerName } from '../customer-query';

export function LevelBadge({ name, size = 'sm' }: { name: string | null; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('customers');
  if (!name) {
    return (
      <Text span size="sm" c="dimmed">
        {t('noLevel')}
      </Text>
    );
  }
  return (
    <Badge color="grape" variant="light" size={size} leftSection={<IconAward size={12} />}>
      <bdi>{name}</bdi>
    </Badge>
  );
}

export function RegistrationBadges({ customer }: { customer: { registered: boolean; erased: boolean } }) {
  const { t } = useTranslation('customers');
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={customer.registered ? 'teal' : 'gray'} variant="light" size="sm">
        {t(customer.registered ? 'badges.registered' : 'badges.nonRegistered')}
      </Badge>
      {customer.erased && (
        <Badge color="red" variant="light" size="sm">
          {t('badges.erased')}
        </Badge>
      )}
    </Group>
  );
}

/** The person's name, or a badge when the card belongs to nobody known (not registered, or erased). */
export function CustomerName({
  customer,
}: {
  customer: { firstName: string | null; lastName: string | null; registered: boolean; erased: boolean };
}) {
  const { t } = useTranslation('customers');
  const name = customerName(customer);
  if (name) return <bdi>{name}</bdi>;
  return (
    <Badge color="gray" variant="outline" size="sm">
      {t(customer.erased ? 'badges.erased' : 'unregisteredCustomer')}
    </Badge>
  );
}
