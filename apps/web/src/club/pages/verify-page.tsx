// /club/verify: the two codes of §4 (one by email, one by SMS), each in its own card. The server sent both at
// registration, so nothing is sent from here unless the customer asks. Both confirmed → the card.
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/error-message';
import { isSignedIn, useClubProfile, useClubSignOut } from '../club-api';
import { maskEmail, maskPhone } from '../club-format';
import { useClubTitle } from '../club-title';
import { ClubFrame } from '../components/club-frame';
import { ClubLoader } from '../components/club-screen';
import { FormAlert } from '../components/form-alert';
import { OtpChannelCard } from '../components/otp-channel-card';

export function VerifyPage() {
  const { t } = useTranslation('club');
  const navigate = useNavigate();
  const profile = useClubProfile();
  const signOut = useClubSignOut();
  useClubTitle(t('verify.title'));
  if (!isSignedIn()) return <Navigate to="/sign-in" replace />;
  if (profile.data?.confirmed) return <Navigate to="/card" replace />;

  const customer = profile.data;
  return (
    <ClubFrame>
      <Stack gap="lg" py="md">
        <Stack gap="xs">
          <Title order={1}>{t('verify.title')}</Title>
          <Text>{t('verify.intro')}</Text>
        </Stack>
        {profile.isError && <FormAlert>{errorMessage(profile.error, t)}</FormAlert>}
        {!customer && !profile.isError && <ClubLoader />}
        {customer && (
          <>
            <OtpChannelCard
              channel="email"
              step={1}
              confirmed={customer.emailConfirmed}
              destination={maskEmail(customer.email)}
              autoFocus={!customer.emailConfirmed}
            />
            <OtpChannelCard
              channel="sms"
              step={2}
              confirmed={customer.phoneConfirmed}
              destination={maskPhone(customer.countryCode, customer.phone)}
              autoFocus={customer.emailConfirmed && !customer.phoneConfirmed}
            />
          </>
        )}
        <Group justify="center">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/', { replace: true }) })}
          >
            {t('verify.signOut')}
          </Anchor>
        </Group>
      </Stack>
    </ClubFrame>
  );
}
