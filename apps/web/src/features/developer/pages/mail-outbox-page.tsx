// Developer tools › developer/mail: every mail the app wrote, newest first, paginated on the server.
import { Alert, Anchor, Card, EmptyState, Group, Pagination, Skeleton, Table, Text } from '@mantine/core';
import { IconInfoCircle, IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { PageHeader } from '../../../ui/page-header';
import { RefreshButton } from '../../../ui/refresh-button';
import { MailStatusBadge } from '../components/mail-status-badge';
import { RequireDeveloper } from '../components/require-developer';
import { useMailOutbox } from '../developer.api';

const perPage = 20;

function MailOutbox() {
  const { t } = useTranslation(['developer', 'common', 'errors']);
  const [page, setPage] = useState(1);
  const outbox = useMailOutbox({ page, perPage });
  const rows = outbox.data?.data ?? [];
  const delivery = outbox.data?.meta.delivery ?? 'outbox';
  const totalPages = Math.max(1, Math.ceil((outbox.data?.meta.total ?? 0) / perPage));

  return (
    <>
      <PageHeader
        title={t('mail.title')}
        description={t('mail.description')}
        actions={<RefreshButton label={t('mail.refresh')} query={outbox} />}
      />
      {outbox.data && (
        <Alert
          color={delivery === 'smtp' ? 'blue' : 'yellow'}
          icon={<IconInfoCircle size={18} />}
          mb="md"
          data-testid="mail-delivery"
        >
          {t(delivery === 'smtp' ? 'mail.deliverySmtp' : 'mail.deliveryOutbox')}
        </Alert>
      )}
      <Card withBorder padding={0}>
        {outbox.isError ? (
          <Text c="red" p="md" role="alert">
            {errorMessage(outbox.error, t)}
          </Text>
        ) : outbox.isPending ? (
          <Skeleton h={240} />
        ) : rows.length === 0 ? (
          <EmptyState py="xl" icon={<IconMailOff size={32} />} title={t('mail.empty')} />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('mail.createdAt')}</Table.Th>
                  <Table.Th>{t('mail.recipient')}</Table.Th>
                  <Table.Th>{t('mail.subject')}</Table.Th>
                  <Table.Th>{t('mail.language')}</Table.Th>
                  <Table.Th>{t('mail.status')}</Table.Th>
                  <Table.Th ta="end">{t('mail.attempts')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((mail) => (
                  <Table.Tr key={mail.id} data-testid={`mail-row-${mail.id}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <bdi>{formatDateTime(mail.createdAt)}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <bdi>{mail.recipient}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/app/developer/mail/${mail.id}`} fw={500}>
                        <bdi>{mail.subject}</bdi>
                      </Anchor>
                    </Table.Td>
                    <Table.Td tt="uppercase">{mail.lng}</Table.Td>
                    <Table.Td>
                      <MailStatusBadge mail={mail} delivery={delivery} />
                    </Table.Td>
                    <Table.Td ta="end">{mail.attempts}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {totalPages > 1 && (
          <Group justify="center" p="md">
            <Pagination value={page} onChange={setPage} total={totalPages} />
          </Group>
        )}
      </Card>
    </>
  );
}

export default function MailOutboxPage() {
  return (
    <RequireDeveloper>
      <MailOutbox />
    </RequireDeveloper>
  );
}
