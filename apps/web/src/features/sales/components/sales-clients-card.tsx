import { businessDate } from '@bottega/contracts/dates';
import { type SalesClient, salesClientCreateBodySchema } from '@bottega/contracts/sales';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  EmptyState,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconKeyOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { DeleteConfirmationModal, useDeleteConfirmation } from '../../../ui/delete-confirmation';
import { RowAction } from '../../../ui/row-action';
import { type CreatedSalesClient, useCreateSalesClient, useRevokeSalesClient, useSalesClients } from '../sales.api';
import { FeedCard } from './feed-card';

/** The shop's client credentials for its registers and agents: created with a secret shown once, revoked for good. */
export function SalesClientsCard({ shopId }: { shopId: number }) {
  const { t } = useTranslation(['sales', 'validation']);
  const clients = useSalesClients(shopId);
  const revocation = useDeleteConfirmation(useRevokeSalesClient(shopId), (client: SalesClient) => client.name);
  const [creating, setCreating] = useState(false);
  const rows = clients.data ?? [];

  return (
    <FeedCard
      title={t('feed.clients.title')}
      description={t('feed.clients.description')}
      icon={<IconKey size={22} />}
      actions={
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setCreating(true)}
          data-testid="sales-client-create"
        >
          {t('feed.clients.create')}
        </Button>
      }
      query={clients}
      t={t}
      testId="sales-clients"
    >
      {rows.length === 0 ? (
        <EmptyState
          py="md"
          icon={<IconKey size={28} />}
          title={t('feed.clients.empty')}
          data-testid="sales-clients-empty"
        />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('feed.clients.name')}</Table.Th>
                <Table.Th>{t('feed.clients.clientId')}</Table.Th>
                <Table.Th>{t('feed.clients.created')}</Table.Th>
                <Table.Th>{t('feed.clients.lastUsedAt')}</Table.Th>
                <Table.Th>{t('feed.clients.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((client) => (
                <Table.Tr key={client.id} data-testid={`sales-client-${client.clientId}`}>
                  <Table.Td>
                    <Text fw={500}>
                      <bdi>{client.name}</bdi>
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Code dir="ltr">{client.clientId}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      <bdi dir="ltr">{formatDateTime(client.createdAt)}</bdi>
                    </Text>
                    {client.createdBy && (
                      <Text size="xs" c="dimmed">
                        <bdi>{client.createdBy}</bdi>
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={client.lastUsedAt ? undefined : 'dimmed'}>
                      {client.lastUsedAt ? (
                        <bdi dir="ltr">{formatDateTime(client.lastUsedAt)}</bdi>
                      ) : (
                        t('feed.clients.neverUsed')
                      )}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {client.revokedAt ? (
                      <Badge color="gray" variant="light" data-testid="sales-client-revoked">
                        {t('feed.clients.revokedOn', { date: formatDate(businessDate(new Date(client.revokedAt))) })}
                      </Badge>
                    ) : (
                      <Badge color="green" variant="light">
                        {t('feed.clients.active')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {!client.revokedAt && (
                      <Group justify="flex-end">
                        <RowAction
                          label={t('feed.clients.revoke')}
                          subject={client.name}
                          icon={<IconKeyOff size={18} />}
                          color="red"
                          onClick={() => revocation.ask(client)}
                        />
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateSalesClientModal shopId={shopId} opened={creating} onClose={() => setCreating(false)} />
      <DeleteConfirmationModal
        deletion={revocation}
        t={t}
        texts={{
          title: 'feed.clients.revokeTitle',
          message: 'feed.clients.revokeMessage',
          confirm: 'feed.clients.revoke',
          done: 'feed.clients.revoked',
        }}
      />
    </FeedCard>
  );
}

/** Names the new credential, then shows its id and secret this once; closing forgets the secret. */
function CreateSalesClientModal(props: { shopId: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['sales', 'validation']);
  const create = useCreateSalesClient(props.shopId);
  const [created, setCreated] = useState<CreatedSalesClient | null>(null);
  const form = useForm({
    initialValues: { name: '' },
    validate: (values) => validateWith(salesClientCreateBodySchema, values, t),
  });
  const close = () => {
    setCreated(null);
    form.reset();
    create.reset();
    props.onClose();
  };
  const submit = form.onSubmit((values) =>
    create.mutate(values.name.trim(), {
      onSuccess: setCreated,
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    }),
  );

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={created ? t('feed.clients.createdTitle', { name: created.name }) : t('feed.clients.createTitle')}
      closeOnClickOutside={!created}
      closeOnEscape={!created}
      size={created ? 'lg' : 'md'}
      centered
    >
      {created ? (
        <Stack gap="sm" data-testid="sales-client-secret-modal">
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('feed.clients.onceTitle')}>
            {t('feed.clients.onceMessage')}
          </Alert>
          <CopyField label={t('feed.clients.clientId')} value={created.clientId} testId="sales-client-id" />
          <CopyField label={t('feed.clients.secret')} value={created.secret} testId="sales-client-secret" />
          <CopyField
            label={t('feed.clients.header')}
            value={`Authorization: Bearer ${created.clientId}.${created.secret}`}
            testId="sales-client-header"
          />
          <Group justify="flex-end" mt="sm">
            <Button onClick={close} data-testid="sales-client-done">
              {t('feed.clients.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('feed.clients.name')}
              description={t('feed.clients.nameHint')}
              required
              maxLength={60}
              data-autofocus
              {...form.getInputProps('name')}
              data-testid="sales-client-name"
            />
            {create.error && !(create.error instanceof ApiError && create.error.code === 'validation') && (
              <Alert color="red" role="alert">
                {errorMessage(create.error, t)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} leftSection={<IconKey size={16} />}>
                {t('feed.clients.createSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** A value to copy as is (left to right in every language), with its copy button. */
function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('sales');
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" dir="ltr">
        <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid={testId}>
          {value}
        </Code>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('feed.clients.copied') : t('feed.clients.copy')} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={`${t('feed.clients.copy')}: ${label}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}
