// /club/profile: who the customer is to the club (card, email, phone, since when), what they may change, their data
// to download (GDPR), deleting the account, and signing out.
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconLogout, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format-date';
import { saveBlobAs } from '../../lib/object-url';
import { fetchMyData, useClubProfile, useClubSignOut } from '../club-api';
import { useClubTitle } from '../club-title';
import { DeleteAccountModal } from '../components/delete-account-modal';
import { FormAlert } from '../components/form-alert';
import { FormSection } from '../components/form-section';
import { ProfileForm } from '../components/profile-form';

function Detail({ label, value, confirmed }: { label: string; value: string; confirmed?: boolean }) {
  const { t } = useTranslation('club');
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap="xs">
        <Text fw={600} dir="ltr" style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
        {confirmed !== undefined && (
          <Badge size="sm" variant="light" color={confirmed ? 'teal' : 'orange'}>
            {confirmed ? t('verify.confirmed') : t('profile.notConfirmed')}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

export function ProfilePage() {
  const { t } = useTranslation('club');
  const navigate = useNavigate();
  const profile = useClubProfile();
  const signOut = useClubSignOut();
  const [deleting, setDeleting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [downloadFailure, setDownloadFailure] = useState<unknown>(null);
  useClubTitle(t('profile.title'));
  const customer = profile.data;
  if (!customer) return null;

  const download = async () => {
    setDownloading(true);
    setDownloadFailure(null);
    try {
      const { blob, fileName } = await fetchMyData();
      saveBlobAs(blob, fileName);
    } catch (error) {
      setDownloadFailure(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg" py="md">
      <Title order={1}>{t('profile.title')}</Title>
      <Paper withBorder p="lg" radius="lg">
        <Stack gap="sm">
          <Text fw={700} size="lg">
            {customer.firstName} {customer.lastName}
          </Text>
          <Detail label={t('card.number')} value={customer.cardNumber} />
          <Detail label={t('fields.email')} value={customer.email} confirmed={customer.emailConfirmed} />
          <Detail
            label={t('fields.phone')}
            value={`${customer.countryCode} ${customer.phone}`}
            confirmed={customer.phoneConfirmed}
          />
          <Detail label={t('profile.memberSince')} value={formatDateTime(customer.subscribedAt).split(' ')[0] ?? ''} />
          <Text size="xs" c="dimmed">
            {t('profile.contactsNote')}
          </Text>
        </Stack>
      </Paper>

      <ProfileForm key={customer.id} profile={customer} />

      <FormSection title={t('profile.dataTitle')}>
        <Text size="sm">{t('profile.dataText')}</Text>
        {downloadFailure !== null && <FormAlert>{errorMessage(downloadFailure, t)}</FormAlert>}
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={downloading}
          onClick={() => void download()}
          data-testid="club-download-data"
        >
          {t('profile.download')}
        </Button>
      </FormSection>

      <FormSection title={t('profile.deleteTitle')}>
        <Text size="sm">{t('profile.deleteText')}</Text>
        <Button
          variant="outline"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => setDeleting(true)}
          data-testid="club-delete-account"
        >
          {t('profile.delete.open')}
        </Button>
      </FormSection>

      <Button
        variant="light"
        size="md"
        leftSection={<IconLogout size={18} aria-hidden />}
        loading={signOut.isPending}
        onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/?signedOut=1', { replace: true }) })}
        data-testid="club-sign-out"
      >
        {t('profile.signOut')}
      </Button>

      <DeleteAccountModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate('/?deleted=1', { replace: true })}
      />
    </Stack>
  );
}
