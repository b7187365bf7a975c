import { Grid } from '@mantine/core';
import { useAuthUser } from '../../auth/auth.api';
import { PasskeysCard } from './passkeys-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** The profile's security tab: two-factor sign-in, fingerprints (with the ability) and sessions. */
export function SecurityPanel() {
  const user = useAuthUser().data;
  const withPasskeys = user?.can.includes('employees.fingerprintRegistration') ?? false;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: withPasskeys ? 6 : 12 }}>
        <TwoFactorCard />
      </Grid.Col>
      {user && withPasskeys && (
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <PasskeysCard userId={user.id} />
        </Grid.Col>
      )}
      <Grid.Col span={12}>
        <SessionsCard />
      </Grid.Col>
    </Grid>
  );
}
