// `/`: sign-in (password or fingerprint, then the second step when due), then the shop choice.
// Signed in with a shop already → /app, the page asked for (`?next=`), or a cash report's edit page when
// the link names one (`?report=<id>`) (spec §2, §4).
import { Box, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../app/require-auth';
import { authToken } from '../../../lib/api-client';
import { signOut, useAuthUser, useSelectableShops } from '../auth.api';
import { LanguagePicker } from '../components/language-picker';
import { ShopChoice } from '../components/shop-choice';
import { SignInFlow } from '../components/sign-in-flow';
import { afterSignInPath } from '../sign-in-redirect';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = afterSignInPath(params);
  const changingShop = params.get('step') === 'shop';
  const user = useAuthUser();
  const signedIn = user.data !== undefined;
  const shops = useSelectableShops(signedIn);

  useEffect(() => {
    if (user.isError) {
      authToken.clear();
      window.location.reload();
    }
  }, [user.isError]);

  let content: React.ReactNode;
  if (!authToken.get()) {
    content = <SignInFlow resetDone={params.get('reset') === 'done'} />;
  } else if (!user.data || !shops.data) {
    return <FullPageLoader />;
  } else if ((user.data.shop && !changingShop) || shops.data.length === 0) {
    return <Navigate to={next} replace />;
  } else {
    content = (
      <Stack gap="sm">
        <ShopChoice
          shops={shops.data}
          current={user.data.shop?.id ?? null}
          onChosen={() => navigate(next, { replace: true })}
        />
        <Button variant="subtle" size="xs" onClick={() => void signOut()}>
          {t('notYou', { name: user.data.name })}
        </Button>
      </Stack>
    );
  }

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Box w="100%" maw={420}>
        <Group justify="flex-end" mb="sm">
          <LanguagePicker />
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          <Stack gap="lg">
            <Group gap="sm" justify="center">
              <img src="/favicon.svg" alt="" width={40} height={40} />
              <Title order={1} size="h2">
                Bottega
              </Title>
            </Group>
            <Text ta="center" c="dimmed" size="sm">
              {signedIn ? t('chooseShopTitle') : t('title')}
            </Text>
            {content}
          </Stack>
        </Paper>
      </Box>
    </Center>
  );
}
