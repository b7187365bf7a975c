// The signed-in club: its frame with the bottom navigation around the screen shown. Without a session → sign in;
// with one whose codes are not both confirmed yet → the codes page.
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { isSignedIn, type RememberedCard, rememberedCard, useClubProfile } from '../club-api';
import { BottomNav } from './bottom-nav';
import { ClubFrame } from './club-frame';
import { ClubLoader } from './club-screen';
import { FormAlert } from './form-alert';
import { OfflineCard } from './offline-card';

function isOffline(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'network';
}

export function ClubShell() {
  const { t } = useTranslation('club');
  const profile = useClubProfile();
  if (!isSignedIn()) return <Navigate to="/sign-in" replace />;
  if (profile.data && !profile.data.confirmed) return <Navigate to="/verify" replace />;

  let content: React.ReactNode;
  if (profile.data) content = <Outlet />;
  else if (profile.isError && isOffline(profile.error) && rememberedCard()) {
    content = <OfflineCard card={rememberedCard() as RememberedCard} onRetry={() => void profile.refetch()} />;
  } else if (profile.isError) {
    content = (
      <Stack gap="md" py="md">
        <FormAlert>{errorMessage(profile.error, t)}</FormAlert>
        <Button variant="default" onClick={() => void profile.refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  } else content = <ClubLoader />;

  return (
    <ClubFrame homePath="/card" footer={<BottomNav />}>
      {content}
    </ClubFrame>
  );
}
