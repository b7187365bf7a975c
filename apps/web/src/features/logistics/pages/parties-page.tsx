// Logistics › suppliers and warehouses: the parties a file goes between besides the shops (which are the shops' own
// records), with the address and VAT number the DDT prints and the emails it is sent to. Read by anyone who works
// with files; created, changed and deleted (after a confirmation; one in use is refused) by who holds the ability.
import { type LogisticsParty, type LogisticsPartyBody, logisticsPartyBodySchema } from '@bottega/contracts/logistics';
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { RowAction } from '../../../ui/row-action';
import { useAuthUser } from '../../auth/auth.api';
import { useCompanyOptions } from '../../companies/companies.api';
import { useDeleteLogisticsParty, useLogisticsParties, useSaveLogisticsParty } from '../logistics.api';

type Draft = {
  type: 'supplier' | 'warehouse';
  companyId: string | null;
  name: string;
  vatNumber: string;
  address: string;
  cap: string;
  city: string;
  province: string;
  country: string;
  emails: string;
};

/** Emails typed one after the other, separated by commas, semicolons or spaces. */
export function emailsOf(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((email) => email.trim())
    .filter((email) => email !== '');
}

function PartyModal({ editing, onClose }: { editing: LogisticsParty | 'new'; onClose: () => void }) {
  const { t } = useTranslation(['logistics', 'errors', 'validation']);
  const companies = useCompanyOptions();
  const existing = editing === 'new' ? null : editing;
  const save = useSaveLogisticsParty(existing?.id ?? null);
  const [draft, setDraft] = useState<Draft>({
    type: existing?.type ?? 'supplier',
    companyId: existing?.companyId ? String(existing.companyId) : null,
    name: existing?.name ?? '',
    vatNumber: existing?.vatNumber ?? '',
    address: existing?.address ?? '',
    cap: existing?.cap ?? '',
    city: existing?.city ?? '',
    province: existing?.province ?? '',
    country: existing?.country ?? 'IT',
    emails: existing?.emails.join(', ') ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));
  const submit = () => {
    const body = {
      ...draft,
      companyId: draft.type === 'warehouse' && draft.companyId ? Number(draft.companyId) : null,
      province: draft.province.toUpperCase(),
      country: draft.country.toUpperCase(),
      emails: emailsOf(draft.emails),
    };
    const found = validateWith(logisticsPartyBodySchema, body, t);
    // Every address's message on the one field that holds them.
    const emailError = Object.entries(found).find(([field]) => field.startsWith('emails'))?.[1];
    if (emailError) found.emails = emailError;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body as LogisticsPartyBody, {
      onSuccess: (saved) => {
        notifications.show({ color: 'teal', message: t('parties.saved', { name: saved.name }) });
        onClose();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 422) setErrors(firstFieldErrors(failure.fieldErrors));
      },
    });
  };
  const field = (name: keyof Draft, maxLength: number, extra: { dir?: 'ltr'; required?: boolean } = {}) => (
    <TextInput
      label={t(`parties.fields.${name}`)}
      value={draft[name] as string}
      onChange={(event) => change({ [name]: event.currentTarget.value })}
      maxLength={maxLength}
      error={errors[name]}
      data-testid={`party-${name}`}
      {...extra}
    />
  );
  return (
    <Modal opened onClose={onClose} title={t(existing ? 'parties.edit' : 'parties.create')} size="lg" centered>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('parties.fields.type')}
          value={draft.type}
          onChange={(type) => change({ type: type as Draft['type'] })}
          data={(['supplier', 'warehouse'] as const).map((type) => ({ value: type, label: t(`partyTypes.${type}`) }))}
          disabled={existing !== null}
          data-testid="party-type"
        />
        {draft.type === 'warehouse' && (
          <Select
            label={t('fields.company')}
            data={(companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }))}
            value={draft.companyId}
            onChange={(value) => change({ companyId: value })}
            required
            error={errors.companyId}
            data-testid="party-company"
          />
        )}
        {field('name', 200, { required: true })}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('vatNumber', 16, { dir: 'ltr' })}
          {field('address', 200)}
          {field('cap', 10, { dir: 'ltr' })}
          {field('city', 100)}
          {field('province', 2, { dir: 'ltr' })}
          {field('country', 2, { dir: 'ltr' })}
        </SimpleGrid>
        <TextInput
          label={t('parties.fields.emails')}
          description={t('parties.emailsHint')}
          value={draft.emails}
          onChange={(event) => change({ emails: event.currentTarget.value })}
          error={errors.emails}
          dir="ltr"
          data-testid="party-emails"
        />
        {save.isError && !(save.error instanceof ApiError && save.error.status === 422) && (
          <Alert color="red" role="alert">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button loading={save.isPending} onClick={submit} data-testid="party-save">
            {t('file.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function PartiesPage() {
  const { t } = useTranslation(['logistics', 'errors']);
  const user = useAuthUser();
  const mayWrite = (user.data?.can ?? []).includes('logistics.documentTypesAndNumbers');
  const parties = useLogisticsParties();
  const remove = useDeleteLogisticsParty();
  const [editing, setEditing] = useState<LogisticsParty | 'new' | null>(null);
  const [deleting, setDeleting] = useState<LogisticsParty | null>(null);
  const rows = parties.data ?? [];
  return (
    <>
      <PageHeader
        title={t('parties.title')}
        description={t('parties.description')}
        actions={
          mayWrite && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="party-create">
              {t('parties.create')}
            </Button>
          )
        }
      />
      <Card withBorder padding={0}>
        {parties.isPending || parties.isError ? (
          <QueryPlaceholder query={parties} />
        ) : rows.length === 0 ? (
          <EmptyState py="xl" icon={<IconUsersGroup size={32} />} title={t('parties.empty')} />
        ) : (
          <ResponsiveTable verticalSpacing="sm" data-testid="parties-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('parties.fields.name')}</Table.Th>
                <Table.Th>{t('parties.fields.type')}</Table.Th>
                <Table.Th>{t('parties.fields.city')}</Table.Th>
                <Table.Th>{t('parties.fields.emails')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((party) => (
                <Table.Tr key={party.id} data-testid={`party-row-${party.id}`}>
                  <Table.Td>
                    <Text fw={500} size="sm">
                      {party.name}
                    </Text>
                    {party.vatNumber && (
                      <Text size="xs" c="dimmed" dir="ltr">
                        {party.vatNumber}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label={t('parties.fields.type')}>
                    {t(`partyTypes.${party.type}`)}
                    {party.companyName ? ` · ${party.companyName}` : ''}
                  </Table.Td>
                  <Table.Td data-label={t('parties.fields.city')}>{party.city || '—'}</Table.Td>
                  <Table.Td data-label={t('parties.fields.emails')}>
                    <Text size="sm" dir="ltr" style={{ wordBreak: 'break-all' }}>
                      {party.emails.join(', ') || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td data-actions>
                    {mayWrite && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <RowAction
                          label={t('parties.edit')}
                          subject={party.name}
                          icon={<IconPencil size={18} />}
                          onClick={() => setEditing(party)}
                        />
                        <RowAction
                          label={t('list.delete')}
                          subject={party.name}
                          icon={<IconTrash size={18} />}
                          color="red"
                          onClick={() => {
                            remove.reset();
                            setDeleting(party);
                          }}
                        />
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
      </Card>
      {editing && <PartyModal editing={editing} onClose={() => setEditing(null)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={t('parties.deleteTitle')}
        message={t('parties.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('list.delete')}
        loading={remove.isPending}
        error={errorMessage(remove.error, t)}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('parties.deleted', { name: deleting.name }) });
              setDeleting(null);
            },
          })
        }
      />
    </>
  );
}
