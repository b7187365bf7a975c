import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconLifebuoy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { saveBlobAs } from '../../../lib/object-url';

/** Saves the codes as a text file, one a line, under a name that says what they are. */
function download(codes: string[], fileName: string) {
  saveBlobAs(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }), fileName);
}

/**
 * The ten recovery codes, shown only this once (the server keeps them hashed): download and copy,
 * then the person says they kept them.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Alert color="yellow" icon={<IconLifebuoy size={18} />} title={t('mfa.recoveryTitle')}>
        {t('mfa.recoveryHint')}
      </Alert>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" dir="ltr">
        {codes.map((code) => (
          <Code key={code} ta="center" fz="sm" py={4} data-testid="recovery-code">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group grow>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => download(codes, t('mfa.recoveryFileName'))}
        >
          {t('mfa.download')}
        </Button>
        <CopyButton value={codes.join('\n')} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? t('copied') : t('mfa.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Button onClick={onDone} data-testid="recovery-codes-saved">
        {t('mfa.saved')}
      </Button>
    </Stack>
  );
}
