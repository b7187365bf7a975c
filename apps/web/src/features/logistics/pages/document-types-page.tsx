// Logistics › document types and numbers (§6 "document types and numbers"): each company's numbering series — its
// code printed beside the number, its name, the kinds of file it numbers by default — with the year's last number
// given, created and changed by who holds the ability. Numbers themselves are only ever taken by processing a file.
import {
  type DocumentType,
  type DocumentTypeBody,
  documentTypeBodySchema,
  logisticsFileKinds,
} from '@bottega/contracts/logistics';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  EmptyState,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconListNumbers, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useAuthUser } from '../../auth/auth.api';
import { useCompanyOptions } from '../../companies/companies.api';
import { useDocumentTypes, useSaveDocumentType } from '../logistics.api';

type Draft = { companyId: string | null; code: string; name: string; kinds: string[]; active: boolean };

function DocumentTypeModal({ editing, onClose }: { editing: DocumentType | 'new'; onClose: () => void }) {
  const { t } = useTranslation(['logistics', 'errors', 'validation']);
  const companies = useCompanyOptions();
  const existing = editing === 'new' ? null : editing;
  const save = useSaveDocumentType(existing?.id ?? null);
  const [draft, setDraft] = useState<Draft>({
    companyId: existing ? String(existing.companyId) : null,
    code: existing?.code ?? '',
    name: existing?.name ?? '',
    kinds: existing?.kinds ?? [],
    active: existing?.active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));
  const submit = () => {
    const body = {
      ...draft,
      companyId: draft.companyId ? Number(draft.companyId) : null,
      code: draft.code.toUpperCase(),
    };
    const found = validateWith(documentTypeBodySchema, body, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body as DocumentTypeBody, {
      onSuccess: (saved) => {
        notifications.show({ color: 'teal', message: t('documentTypes.saved', { code: saved.code }) });
        onClose();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 422) setErrors(firstFieldErrors(failure.fieldErrors));
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={t(existing ? 'documentTypes.edit' : 'documentTypes.create')} centered>
      <Stack gap="sm">
        <Select
          label={t('fields.company')}
          data={(companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }))}
          value={draft.companyId}
          onChange={(value) => change({ companyId: value })}
          disabled={existing !== null}
          required
          error={errors.companyId}
          data-testid="document-type-company"
        />
        <TextInput
          label={t('fields.series')}
          description={t('documentTypes.seriesHint')}
          value={draft.code}
          onChange={(event) => change({ code: event.currentTarget.value.toUpperCase() })}
          maxLength={20}
          required
          dir="ltr"
          error={errors.code}
          data-testid="document-type-code"
        />
        <TextInput
          label={t('fields.name')}
          value={draft.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
          maxLength={100}
          required
          error={errors.name}
          data-testid="document-type-name"
        />
        <MultiSelect
          label={t('fields.kinds')}
          description={t('documentTypes.kindsHint')}
          data={logisticsFileKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}.one`) }))}
          value={draft.kinds}
          onChange={(kinds) => change({ kinds })}
          error={errors.kinds}
          data-testid="document-type-kinds"
        />
        <Checkbox
          label={t('fields.active')}
          checked={draft.active}
          onChange={(event) => change({ active: event.currentTarget.checked })}
          data-testid="document-type-active"
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
          <Button loading={save.isPending} onClick={submit} data-testid="document-type-save">
            {t('file.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function DocumentTypesPage() {
  const { t } = useTranslation('logistics');
  const user = useAuthUser();
  const mayWrite = (user.data?.can ?? []).includes('logistics.documentTypesAndNumbers');
  const types = useDocumentTypes();
  const [editing, setEditing] = useState<DocumentType | 'new' | null>(null);
  const rows = types.data ?? [];
  return (
    <>
      <PageHeader
        title={t('documentTypes.title')}
        description={t('documentTypes.description')}
        actions={
          mayWrite && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing('new')}
              data-testid="document-type-create"
            >
              {t('documentTypes.create')}
            </Button>
          )
        }
      />
      <Card withBorder padding={0}>
        {types.isPending || types.isError ? (
          <QueryPlaceholder query={types} />
        ) : rows.length === 0 ? (
          <EmptyState py="xl" icon={<IconListNumbers size={32} />} title={t('documentTypes.empty')} />
        ) : (
          <ResponsiveTable verticalSpacing="sm" data-testid="document-types-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.series')}</Table.Th>
                <Table.Th>{t('fields.company')}</Table.Th>
                <Table.Th>{t('fields.kinds')}</Table.Th>
                <Table.Th ta="end">{t('documentTypes.lastNumber')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((type) => (
                <Table.Tr key={type.id} data-testid={`document-type-${type.code}`}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text fw={600} dir="ltr">
                        {type.code}
                      </Text>
                      <Text size="sm">{type.name}</Text>
                      {!type.active && (
                        <Badge color="gray" variant="light" size="sm">
                          {t('documentTypes.inactive')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td data-label={t('fields.company')}>{type.companyName}</Table.Td>
                  <Table.Td data-label={t('fields.kinds')}>
                    <Group gap={4}>
                      {type.kinds.map((kind) => (
                        <Badge key={kind} variant="light" size="sm">
                          {t(`kinds.${kind}.one`)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td data-label={t('documentTypes.lastNumber')} ta="end">
                    {t('documentTypes.lastNumberValue', { number: type.lastNumber, year: type.year })}
                  </Table.Td>
                  <Table.Td data-actions>
                    {mayWrite && (
                      <Tooltip label={t('documentTypes.edit')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t('documentTypes.edit')}: ${type.code}`}
                          onClick={() => setEditing(type)}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
      </Card>
      {editing && <DocumentTypeModal editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
