// /club/birthday: the yearly birthday gift (§9: points on the birthday, once a year), when it was last given and
// the day of the next one.
import { Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCake } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date';
import { useClubProfile, useLoyalty } from '../club-api';
import { useClubTitle } from '../club-title';
import { IconLink } from '../components/icon-link';
import { QueryError } from '../components/query-error';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} dir="ltr" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

export function BirthdayPage() {
  const { t } = useTranslation('club');
  const loyalty = useLoyalty();
  const profile = useClubProfile();
  useClubTitle(t('birthday.title'));
  const birthday = loyalty.data?.birthday;

  return (
    <Stack gap="lg" py="md">
      <Title order={1}>{t('birthday.title')}</Title>
      {loyalty.isError && <QueryError error={loyalty.error} onRetry={() => void loyalty.refetch()} />}
      {!birthday && !loyalty.isError && <Skeleton h={200} radius="lg" />}
      {birthday && (
        <Paper withBorder p="lg" radius="lg">
          <Stack gap="md">
            <Group wrap="nowrap" gap="md">
              <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
                <IconCake size={32} />
              </ThemeIcon>
              <Text fw={700} size="lg">
                {t('birthday.gift', { count: birthday.points })}
              </Text>
            </Group>
            <Text size="sm">{t('birthday.how', { count: birthday.points })}</Text>
            {profile.data && <Fact label={t('fields.birthday')} value={formatDate(profile.data.birthday)} />}
            <Fact
              label={t('birthday.lastGiven')}
              value={birthday.lastGivenOn ? formatDate(birthday.lastGivenOn) : t('birthday.never')}
              testId="club-birthday-last"
            />
            <Fact label={t('birthday.next')} value={formatDate(birthday.nextOn)} testId="club-birthday-next" />
          </Stack>
        </Paper>
      )}
      <Text size="sm" c="dimmed">
        {t('birthday.fixDate')}
      </Text>
      <IconLink to="/profile">{t('birthday.toProfile')}</IconLink>
    </Stack>
  );
}
