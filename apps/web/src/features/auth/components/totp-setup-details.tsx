import type { TotpSetup } from '@bottega/contracts/security';
import { ActionIcon, Center, Code, CopyButton, Group, Image, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What an authenticator app needs: the QR code to scan, or the key to type where scanning is not possible. */
export function TotpSetupDetails({ setup }: { setup: TotpSetup }) {
  const { t } = useTranslation('auth');
  // The key comes in groups of four to be typed; copied, it is one word, which every app accepts.
  const key = setup.secret.replace(/\s/g, '');
  return (
    <Stack gap="sm">
      <Text size="sm">{t('mfa.scan')}</Text>
      <Center>
        <Image
          src={setup.qrCode}
          alt={t('mfa.qrAlt')}
          w={176}
          h={176}
          bg="white"
          p={8}
          radius="md"
          data-testid="totp-qr"
        />
      </Center>
      <Text size="sm">{t('mfa.orTypeKey')}</Text>
      <Group gap="xs" wrap="nowrap" justify="center" dir="ltr">
        <Code fz="xs" px="sm" py={6} data-testid="totp-secret">
          {setup.secret}
        </Code>
        <CopyButton value={key} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('copied') : t('mfa.copyKey')} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={t('mfa.copyKey')}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
