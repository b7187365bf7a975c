import { Avatar, type AvatarProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAvatarSource } from '../profile.api';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** A person's picture, loaded with the bearer token (see profile.api.ts); their initials until then or without one. */
export function ProfileAvatar({
  url,
  name,
  ...props
}: { url: string | null; name: string } & Omit<AvatarProps, 'src'>) {
  const { t } = useTranslation('profile');
  const source = useAvatarSource(url);
  return (
    <Avatar
      radius="xl"
      color="blue"
      {...props}
      src={source}
      alt={source ? t('avatar.alt', { name }) : undefined}
      data-loaded={source ? 'true' : undefined}
    >
      {initials(name)}
    </Avatar>
  );
}
