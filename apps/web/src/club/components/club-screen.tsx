import { Center, Loader } from '@mantine/core';
import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../lib/lazy-component';

/** While a screen, or what it shows, is on its way: a spinner named for screen readers. */
export function ClubLoader({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation('club');
  return (
    <Center h={fullPage ? '100dvh' : 240}>
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/** A screen fetched when first shown (with the whole of Mantine's styles, lib/lazy-component.tsx). */
export function clubScreen(load: () => Promise<ComponentType>) {
  const Screen = lazyComponent(load);
  return (
    <Suspense fallback={<ClubLoader />}>
      <Screen />
    </Suspense>
  );
}
