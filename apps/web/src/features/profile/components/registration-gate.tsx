import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useProfile } from '../profile.api';

export const registrationPath = '/app/registration';

/**
 * Spec §4: while registration is pending (the same flag the sign-in answered), every page under /app
 * leads to the registration page. The server does not refuse other calls meanwhile: registration
 * completes personal data, it is no permission (see the README).
 */
export function RegistrationGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const profile = useProfile();
  if (profile.isLoading) {
    return (
      <Center h="100dvh">
        <Loader aria-label="loading" />
      </Center>
    );
  }
  if (profile.data?.registration.pending && pathname !== registrationPath) {
    return <Navigate to={registrationPath} replace />;
  }
  return children;
}
