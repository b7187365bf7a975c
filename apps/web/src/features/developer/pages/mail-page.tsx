// Developer tools › developer/mail/{mailID}: one mail as it was written, its HTML in a sandboxed frame and its text.
import { rtlLanguages } from '@bottega/contracts/common';
import { Alert, Anchor, Card, Code, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, fetchBlob } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { formatFileSize } from '../../../lib/format-file-size';
import { saveBlobAs } from '../../../lib/object-url';
import { DownloadButton } from '../../../ui/download-button';
import { StatusPage } from '../../../ui/status-page';
import { MailHtmlFrame } from '../components/mail-html-frame';
import { MailStatusBadge } from '../components/mail-status-badge';
import { RequireDeveloper } from '../components/require-developer';
import { useMailOutbox, useOutboxMail } from '../developer.api';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" size="sm">
        {children}
      </Text>
    </div>
  );
}

function Mail() {
  const { t } = useTranslation(['developer', 'errors']);
  const { mailID } = useParams();
  const id = Number(mailID);
  const valid = Number.isInteger(id) && id > 0;
  const mail = useOutboxMail(valid ? id : null);
  // The delivery mode comes with the list; the first page is usually cached already.
  const delivery = useMailOutbox({ page: 1, perPage: 20 }).data?.meta.delivery ?? 'outbox';

  const back = (
    <Anchor component={Link} to="/app/developer/mail" size="sm">
      {t('mail.backToList')}
    </Anchor>
  );
  if (!valid || (mail.error instanceof ApiError && mail.error.status === 404)) return <StatusPage status={404} />;
  if (mail.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(mail.error, t)}
      </Alert>
    );
  }
  if (!mail.data) return <Skeleton h={480} />;
  const data = mail.data;
  const direction = (rtlLanguages as readonly string[]).includes(data.lng) ? 'rtl' : 'ltr';

  return (
    <Stack gap="md">
      <Group>{back}</Group>
      <Title order={1} size="h2">
        <bdi>{data.subject}</bdi>
      </Title>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact label={t('mail.recipient')}>
            <bdi data-testid="mail-recipient">{data.recipient}</bdi>
          </Fact>
          <Fact label={t('mail.createdAt')}>
            <bdi>{formatDateTime(data.createdAt)}</bdi>
          </Fact>
          <Fact label={t('mail.status')}>
            <MailStatusBadge mail={data} delivery={delivery} />
          </Fact>
          <Fact label={t('mail.sentAt')}>
            <bdi>{data.sentAt ? formatDateTime(data.sentAt) : '—'}</bdi>
          </Fact>
          <Fact label={t('mail.template')}>
            <Code>{data.template}</Code>
          </Fact>
          <Fact label={t('mail.language')}>
            <Text span tt="uppercase" size="sm">
              {data.lng}
            </Text>
          </Fact>
          <Fact label={t('mail.attempts')}>{data.attempts}</Fact>
        </SimpleGrid>
        {data.lastError && (
          <Alert color="orange" title={t('mail.lastError')} mt="md">
            <Code block dir="ltr">
              {data.lastError}
            </Code>
          </Alert>
        )}
      </Card>
      {data.attachments.length > 0 && (
        // What the mail carries (a DDT's PDF), as the recipient gets it.
        <Card withBorder data-testid="mail-attachments">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb="xs">
            {t('mail.attachments')}
          </Text>
          <Group gap="xs">
            {data.attachments.map((attachment) => (
              <DownloadButton
                key={attachment.index}
                label={t('mail.attachments')}
                fileName={attachment.fileName}
                download={async () =>
                  saveBlobAs(
                    await fetchBlob(`/api/developer/mail/${data.id}/attachments/${attachment.index}`),
                    attachment.fileName,
                  )
                }
              >
                <bdi>{attachment.fileName}</bdi> ({formatFileSize(attachment.size)})
              </DownloadButton>
            ))}
          </Group>
        </Card>
      )}
      <Text size="sm" c="dimmed" data-testid="mail-redacted-note">
        {t('mail.redactedNote')}
      </Text>
      <Tabs defaultValue="html" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="html">{t('mail.html')}</Tabs.Tab>
          <Tabs.Tab value="text">{t('mail.text')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="md">
          <Text size="xs" c="dimmed" mb="xs">
            {t('mail.sandboxNote')}
          </Text>
          <MailHtmlFrame html={data.html} />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="md">
          <Code
            block
            dir={direction}
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 'var(--mantine-font-size-sm)' }}
            data-testid="mail-text"
          >
            {data.text}
          </Code>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export default function MailPage() {
  return (
    <RequireDeveloper>
      <Mail />
    </RequireDeveloper>
  );
}
