// Documents › documents/manage/rm and /mf (issue 25, §3 Document check): one register per type, the type from the
// path. Documents a page at a time, searched by number and serial number, filtered by validated; a document is added
// by its date, number and serial and validated — irreversibly, after a question saying so — against the processed
// files of its kinds. A document no processed file matches is refused with §8's "document validation failed".
import { type DocumentCheck, type DocumentCheckType, documentCheckKinds } from '@bottega/contracts/logistics';
import { Badge, Button, Card, Group, Select, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconFileSearch, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { QueryTable } from '../../../ui/query-table';
import { listPerPage, useListSearch } from '../../../ui/use-list-page';
import { DocumentCheckAddModal } from '../components/document-check-add-modal';
import { useDocumentChecks, useValidateDocumentCheck } from '../documents.api';

type Validated = '' | 'yes' | 'no';

/** "123/DDT", as the transport document prints it. */
export function documentLabel(document: Pick<DocumentCheck, 'number' | 'serialNumber'>): string {
  return `${document.number}/${document.serialNumber}`;
}

export default function DocumentChecksPage() {
  const type: DocumentCheckType = useLocation().pathname.endsWith('/mf') ? 'mf' : 'rm';
  // A new register starts from its own first page and filters.
  return <DocumentChecks key={type} type={type} />;
}

function DocumentChecks({ type }: { type: DocumentCheckType }) {
  const { t } = useTranslation(['documents', 'errors']);
  const { search, setSearch, debouncedSearch } = useListSearch();
  const [validated, setValidated] = useState<Validated>('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [validating, setValidating] = useState<DocumentCheck | null>(null);
  const documents = useDocumentChecks(type, {
    page,
    perPage: listPerPage,
    search: debouncedSearch || undefined,
    validated: validated || undefined,
  });
  const validate = useValidateDocumentCheck(type);
  const filtered = debouncedSearch !== '' || validated !== '';

  const ask = (document: DocumentCheck) => {
    validate.reset();
    setValidating(document);
  };
  const confirm = () => {
    if (!validating) return;
    validate.mutate(validating.id, { onSuccess: () => setValidating(null) });
  };

  const row = (document: DocumentCheck) => (
    <Table.Tr key={document.id} data-testid={`document-row-${document.id}`}>
      <Table.Td>
        <Text fw={500}>
          {/* Isolated left to right: "40/DDT" stays one number at the start of a right-to-left row. */}
          <bdi dir="ltr">{documentLabel(document)}</bdi>
        </Text>
      </Table.Td>
      <Table.Td data-label={t('fields.date')}>{formatDate(document.date)}</Table.Td>
      <Table.Td data-label={t('fields.serialNumber')}>{document.serialNumber}</Table.Td>
      <Table.Td data-label={t('fields.validated')}>
        {document.validated ? (
          <div>
            <Badge color="green" variant="light" leftSection={<IconCircleCheck size={12} />} data-testid="validated">
              {t('list.validated')}
            </Badge>
            <Text size="xs" c="dimmed">
              {t('list.validatedBy', {
                name: document.validatedBy ?? '',
                when: formatDateTime(document.validatedAt),
              })}
            </Text>
          </div>
        ) : (
          <Badge color="gray" variant="light" data-testid="not-validated">
            {t('list.notValidated')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td data-actions>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {!document.validated && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCircleCheck size={14} />}
              aria-label={`${t('validate.action')}: ${documentLabel(document)}`}
              onClick={() => ask(document)}
              data-testid="document-validate"
            >
              {t('validate.action')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );

  return (
    <>
      <PageHeader
        title={t(`${type}.title`)}
        description={t(`${type}.description`, {
          kinds: documentCheckKinds[type].map((kind) => t(`kinds.${kind}`)).join(', '),
        })}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="document-add">
            {t('add.title')}
          </Button>
        }
      />
      <Card withBorder padding={0}>
        <Group p="md" gap="sm" align="flex-end">
          <TextInput
            placeholder={t('list.search')}
            aria-label={t('list.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 280 }}
            maxLength={40}
            data-testid="document-search"
          />
          <Select
            aria-label={t('list.validatedFilter')}
            data={[
              { value: '', label: t('list.all') },
              { value: 'no', label: t('list.notValidated') },
              { value: 'yes', label: t('list.validated') },
            ]}
            value={validated}
            allowDeselect={false}
            onChange={(value) => {
              setValidated((value ?? '') as Validated);
              setPage(1);
            }}
            w={{ base: '100%', sm: 200 }}
            data-testid="document-validated-filter"
          />
        </Group>
        <QueryTable
          query={documents}
          empty={{
            icon: <IconFileSearch size={32} />,
            title: t(filtered ? 'list.noneFound' : 'list.empty'),
            description: t(filtered ? 'list.noneFoundHint' : 'list.emptyHint'),
          }}
          columns={[
            { label: t('fields.number') },
            { label: t('fields.date') },
            { label: t('fields.serialNumber') },
            { label: t('fields.validated') },
            { label: <VisuallyHidden>{t('list.actions')}</VisuallyHidden> },
          ]}
          row={row}
          total={(count) => t('list.total', { count })}
          page={page}
          onPage={setPage}
          testIdPrefix="documents"
        />
      </Card>
      <DocumentCheckAddModal type={type} opened={adding} onClose={() => setAdding(false)} />
      <ConfirmModal
        opened={validating !== null}
        title={t('validate.title', { number: validating ? documentLabel(validating) : '' })}
        message={t('validate.message')}
        confirmLabel={t('validate.confirm')}
        loading={validate.isPending}
        error={validate.error ? errorMessage(validate.error, t) : null}
        onConfirm={confirm}
        onClose={() => setValidating(null)}
      />
    </>
  );
}
