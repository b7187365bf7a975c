// `/`: sign-in (password or fingerprint, then the second step when due), then the shop choice.
// Signed in with a shop already → /app, the page asked for (`?next=`), or a cash report's edit page when
// the link names one (`?report=<id>`) (spec §2, §4).
import { Box, Button, Center, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { authToken } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { lazyComponent } from '../../../lib/lazy-component';
import { FullPageLoader } from '../../../ui/full-page-loader';
import { isSessionExpired, signOut, useAuthUser, useSelectableShops } from '../auth.api';
import { LanguagePicker } from '../components/language-picker';
import { SignInFlow } from '../components/sign-in-flow';
import { afterSignInPath } from '../sign-in-redirect';

// Shown only once signed in: not part of the sign-in page's first load.
const ShopChoice = lazyComponent(() => import('../components/shop-choice').then((module) => module.ShopChoice));

export function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = afterSignInPath(params);
  const changingShop = params.get('step') === 'shop';
  const user = useAuthUser();
  const signedIn = user.data !== undefined;
  const shops = useSelectableShops(signedIn);
  useDocumentTitle(signedIn ? t('common:pageTitle.chooseShop') : t('signIn'));

  useEffect(() => {
    // An expired session is taken back here, saying so, by the query cache (providers.tsx).
    if (user.isError && !isSessionExpired(user.error)) {
      authToken.clear();
      window.location.reload();
    }
  }, [user.isError, user.error]);

  let content: React.ReactNode;
  if (!authToken.get()) {
    content = <SignInFlow resetDone={params.get('reset') === 'done'} expired={params.get('expired') === '1'} />;
  } else if (!user.data || !shops.data) {
    return <FullPageLoader />;
  } else if ((user.data.shop && !changingShop) || shops.data.length === 0) {
    return <Navigate to={next} replace />;
  } else {
    content = (
      <Stack gap="sm">
        <Suspense fallback={<Skeleton h={90} />}>
          <ShopChoice
            shops={shops.data}
            current={user.data.shop?.id ?? null}
            onChosen={() => navigate(next, { replace: true })}
          />
        </Suspense>
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
