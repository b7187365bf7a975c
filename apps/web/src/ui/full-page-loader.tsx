import { Center, Loader } from '@mantine/core';

/** While the signed-in user or a lazily loaded screen is on its way. */
export function FullPageLoader() {
  return (
    <Center h="100dvh">
      <Loader aria-label="loading" />
    </Center>
  );
}
