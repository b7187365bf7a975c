// Components fetched when first rendered, so the sign-in page's first load stays small (issue 16's budget).
// The first paint has only the sign-in page's Mantine styles (app/providers.tsx): the whole stylesheet is
// fetched at start, and a lazy component renders only once it is in, so no screen ever shows unstyled.
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { FullPageLoader } from '../ui/full-page-loader';

const mantineStyles = import('@mantine/core/styles.css');

/** React.lazy for a component a module exports by name: `lazyComponent(() => import('./x').then((m) => m.X))`. */
export function lazyComponent<Props>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: (await Promise.all([load(), mantineStyles]))[0] }));
}

/** A screen fetched when first shown, with the full-page loader meanwhile. */
export function lazyScreen(load: () => Promise<ComponentType>): ReactNode {
  const Screen = lazyComponent(load);
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Screen />
    </Suspense>
  );
}
