// The text's length against each chosen network's limit, as the network counts it (an emoji is one character), red
// when over; Instagram's hashtags against its 30. Read out politely as it changes, once the typing pauses.
import { Group, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatCount } from './account-figures';
import { AccountNetworkIcon } from './account-network-icon';
import type { NetworkCheck } from './post-compose-form';

export function PostCharacterCount({ checks }: { checks: readonly NetworkCheck[] }) {
  const { t } = useTranslation('automation');
  const [spoken] = useDebouncedValue(checks, 800);
  if (checks.length === 0) return null;
  return (
    <>
      <Group gap="md" wrap="wrap" data-testid="post-character-count" aria-hidden>
        {checks.map((check) => {
          const over = check.characters > check.maxCharacters;
          const tooManyTags = check.maxHashtags !== null && check.hashtags > check.maxHashtags;
          return (
            <Group key={check.network} gap={6} wrap="nowrap" data-network={check.network} data-over={over || undefined}>
              <AccountNetworkIcon network={check.network} size={20} />
              <Text size="sm" c={over ? 'red' : 'dimmed'} fw={over ? 700 : undefined} dir="ltr">
                {formatCount(check.characters)} / {formatCount(check.maxCharacters)}
              </Text>
              {check.maxHashtags !== null && (
                <Text size="sm" c={tooManyTags ? 'red' : 'dimmed'} fw={tooManyTags ? 700 : undefined}>
                  · {t('compose.hashtags', { count: check.hashtags, max: check.maxHashtags })}
                </Text>
              )}
            </Group>
          );
        })}
      </Group>
      <VisuallyHidden aria-live="polite">
        {spoken
          .map((check) =>
            t('compose.countSpoken', {
              network: t(`networks.${check.network}`),
              count: check.characters,
              max: check.maxCharacters,
            }),
          )
          .join('. ')}
      </VisuallyHidden>
    </>
  );
}
