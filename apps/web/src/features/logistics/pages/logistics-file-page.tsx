// Logistics › <kind>/create and <kind>/{id}/edit (§2; a shop-out file: shop-out-files/{id}): one page per file of any
// kind. While saved it is a form — from and to (the sides the kind may go between), date, document type, the
// supplier's number and date for an in-file, the DDT's transport reason, who carries the goods, their appearance,
// packages and weight, notes — above its lines, typed, pasted or imported; once sent it is read-only, with the actions
// its state allows and its downloads. A shop-out file is created here and then only viewed (§2 gives it no edit).
import { businessDate } from '@bottega/contracts/dates';
import {
  type CarriedBy,
  carriedBy as carriedByOptions,
  defaultTransportReason,
  type LogisticsFile,
  type LogisticsFileBody,
  type LogisticsFileKind,
  type LogisticsPartyType,
  type LogisticsSide,
  logisticsFileBodySchema,
  logisticsFileRoutes,
  logisticsFileSlugs,
  type TransportReason,
  transportReasons,
} from '@bottega/contracts/logistics';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDeviceFloppy, IconFileImport, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { UnsavedChangesGuard } from '../../../ui/unsaved-changes-guard';
import { parseTypedDate } from '../../profile/components/profile-field-input';
import { FileActions } from '../components/file-actions';
import { FileStateBadge } from '../components/file-state-badge';
import { ImportLinesModal } from '../components/import-lines-modal';
import { LinesEditor } from '../components/lines-editor';
import { draftOfLine, emptyLine, type LineDraft, linesOfDrafts } from '../file-lines';
import {
  type LogisticsSides,
  useDeleteLogisticsFile,
  useDocumentTypes,
  useLogisticsFile,
  useLogisticsLive,
  useLogisticsSides,
  useSaveLogisticsFile,
} from '../logistics.api';
import { fileAddress, useLogisticsAbilities } from '../logistics-abilities';
import { useLogisticsKind } from '../logistics-kind';
import { fileName } from './logistics-files-page';

/** The header as the form holds it: numbers and sides as texts until saved. */
type Header = {
  from: string;
  to: string;
  date: string;
  documentTypeId: string | null;
  supplierDocumentNumber: string;
  supplierDocumentDate: string | null;
  transportReason: TransportReason;
  carriedBy: CarriedBy;
  carrierName: string;
  goodsAppearance: string;
  packages: number | string;
  weightKg: number | string;
  notes: string;
};

const sideValue = (side: Pick<LogisticsSide, 'type' | 'id'>) => `${side.type}:${side.id}`;
function sideOfValue(value: string): { type: LogisticsPartyType; id: number } | null {
  const [type, id] = value.split(':');
  return type && id ? { type: type as LogisticsPartyType, id: Number(id) } : null;
}

function headerOf(kind: LogisticsFileKind, file: LogisticsFile | null, shopId: number | null): Header {
  const defaultFrom = kind === 'shopOutFile' && shopId !== null ? `shop:${shopId}` : '';
  return {
    from: file ? sideValue(file.from) : defaultFrom,
    to: file ? sideValue(file.to) : '',
    date: file?.date ?? businessDate(),
    documentTypeId: file?.documentTypeId ? String(file.documentTypeId) : null,
    supplierDocumentNumber: file?.supplierDocumentNumber ?? '',
    supplierDocumentDate: file?.supplierDocumentDate ?? null,
    transportReason: file?.transportReason ?? defaultTransportReason[kind],
    carriedBy: file?.carriedBy ?? 'sender',
    carrierName: file?.carrierName ?? '',
    goodsAppearance: file?.goodsAppearance ?? '',
    packages: file?.packages ?? '',
    weightKg: file?.weightGrams === null || file?.weightGrams === undefined ? '' : file.weightGrams / 1000,
    notes: file?.notes ?? '',
  };
}

function bodyOf(header: Header, lines: LogisticsFileBody['lines']): unknown {
  const number = (value: number | string) => (value === '' ? null : Number(value));
  const weight = number(header.weightKg);
  return {
    from: sideOfValue(header.from),
    to: sideOfValue(header.to),
    date: header.date,
    documentTypeId: header.documentTypeId ? Number(header.documentTypeId) : null,
    supplierDocumentNumber: header.supplierDocumentNumber,
    supplierDocumentDate: header.supplierDocumentDate,
    transportReason: header.transportReason,
    carriedBy: header.carriedBy,
    carrierName: header.carrierName,
    goodsAppearance: header.goodsAppearance,
    packages: number(header.packages),
    weightGrams: weight === null ? null : Math.round(weight * 1000),
    notes: header.notes,
    lines,
  };
}

/** The sides a kind may pick on one end, as Select options grouped by party type. */
function sideOptions(
  sides: LogisticsSides | undefined,
  types: readonly LogisticsPartyType[],
  t: (key: string) => string,
) {
  if (!sides) return [];
  const of: Record<LogisticsPartyType, LogisticsSide[]> = {
    supplier: sides.suppliers,
    warehouse: sides.warehouses,
    shop: sides.shops,
  };
  return types.map((type) => ({
    group: t(`partyTypes.${type}`),
    items: of[type].map((side) => ({
      value: sideValue(side),
      label: side.companyName && type === 'warehouse' ? `${side.name} · ${side.companyName}` : side.name,
    })),
  }));
}

function FileForm({ kind, file }: { kind: LogisticsFileKind; file: LogisticsFile | null }) {
  const { t } = useTranslation(['logistics', 'errors', 'validation']);
  const navigate = useNavigate();
  const abilities = useLogisticsAbilities(kind);
  const sides = useLogisticsSides();
  const documentTypes = useDocumentTypes();
  const save = useSaveLogisticsFile(kind, file?.id ?? null);
  const remove = useDeleteLogisticsFile(kind);
  const [header, setHeader] = useState<Header>(() => headerOf(kind, file, abilities.shopId));
  const [lines, setLines] = useState<LineDraft[]>(() =>
    file && file.lines.length > 0 ? file.lines.map(draftOfLine) : [emptyLine()],
  );
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const routes = logisticsFileRoutes[kind];
  const mayEdit = abilities.holds(file ? 'edit' : 'add');

  const change = (next: Partial<Header>) => {
    setHeader((current) => ({ ...current, ...next }));
    setDirty(true);
  };
  const changeLines = (next: LineDraft[] | ((current: LineDraft[]) => LineDraft[])) => {
    setLines(next);
    setDirty(true);
  };
  const error = (field: string) => {
    const message = errors[field];
    return message ? (message.includes(' ') ? message : t(`validation:${message}`)) : undefined;
  };
  const submit = () => {
    const typed = linesOfDrafts(lines);
    const body = bodyOf(header, typed.lines);
    const found = { ...validateWith(logisticsFileBodySchema, body, t), ...typed.errors };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body as LogisticsFileBody, {
      onSuccess: (saved) => {
        setDirty(false);
        notifications.show({ color: 'teal', message: t('file.saved', { name: fileName(saved, t) }) });
        // The guard reads the page's state: leave once it knows nothing is unsaved.
        if (!file) setTimeout(() => navigate(fileAddress(kind, saved.id), { replace: true }));
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 422) setErrors(firstFieldErrors(failure.fieldErrors));
      },
    });
  };
  const kindTypes =
    documentTypes.data?.filter((type) => type.active && (type.kinds.length === 0 || type.kinds.includes(kind))) ?? [];

  return (
    <Stack gap="md">
      <UnsavedChangesGuard dirty={dirty} />
      {file?.givenBackReason && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={t('file.givenBack')}
          data-testid="given-back"
        >
          {file.givenBackReason}
        </Alert>
      )}
      <Card withBorder radius="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <Select
              label={t('fields.from')}
              data={sideOptions(sides.data, routes.from, t)}
              value={header.from || null}
              onChange={(value) => change({ from: value ?? '' })}
              searchable
              required
              error={error('from') ?? error('from.id')}
              data-testid="file-from"
            />
            <Select
              label={t('fields.to')}
              data={sideOptions(sides.data, routes.to, t)}
              value={header.to || null}
              onChange={(value) => change({ to: value ?? '' })}
              searchable
              required
              error={error('to') ?? error('to.id')}
              data-testid="file-to"
            />
            <DateInput
              label={t('fields.date')}
              valueFormat="DD/MM/YYYY"
              dateParser={parseTypedDate}
              locale={calendarLocale()}
              firstDayOfWeek={1}
              value={header.date || null}
              onChange={(value) => change({ date: value ?? '' })}
              required
              error={error('date')}
              data-testid="file-date"
            />
            <Select
              label={t('fields.documentType')}
              description={t(kind === 'inFile' ? 'file.documentTypeInFile' : 'file.documentTypeHint')}
              data={kindTypes.map((type) => ({
                value: String(type.id),
                label: `${type.code} · ${type.name} · ${type.companyName}`,
              }))}
              value={header.documentTypeId}
              onChange={(value) => change({ documentTypeId: value })}
              clearable
              error={error('documentTypeId')}
              data-testid="file-document-type"
            />
            {kind === 'inFile' && (
              <>
                <TextInput
                  label={t('fields.supplierDocumentNumber')}
                  value={header.supplierDocumentNumber}
                  onChange={(event) => change({ supplierDocumentNumber: event.currentTarget.value })}
                  maxLength={40}
                  error={error('supplierDocumentNumber')}
                  data-testid="file-supplier-number"
                />
                <DateInput
                  label={t('fields.supplierDocumentDate')}
                  valueFormat="DD/MM/YYYY"
                  dateParser={parseTypedDate}
                  locale={calendarLocale()}
                  firstDayOfWeek={1}
                  value={header.supplierDocumentDate}
                  onChange={(value) => change({ supplierDocumentDate: value })}
                  clearable
                  error={error('supplierDocumentDate')}
                  data-testid="file-supplier-date"
                />
              </>
            )}
            <Select
              label={t('fields.transportReason')}
              data={transportReasons.map((reason) => ({ value: reason, label: t(`transportReasons.${reason}`) }))}
              value={header.transportReason}
              onChange={(value) => value && change({ transportReason: value as TransportReason })}
              allowDeselect={false}
              data-testid="file-reason"
            />
            <Select
              label={t('fields.carriedBy')}
              data={carriedByOptions.map((by) => ({ value: by, label: t(`carriedBy.${by}`) }))}
              value={header.carriedBy}
              onChange={(value) => value && change({ carriedBy: value as CarriedBy })}
              allowDeselect={false}
              data-testid="file-carried-by"
            />
            {header.carriedBy === 'carrier' && (
              <TextInput
                label={t('fields.carrierName')}
                value={header.carrierName}
                onChange={(event) => change({ carrierName: event.currentTarget.value })}
                maxLength={200}
                required
                error={error('carrierName')}
                data-testid="file-carrier"
              />
            )}
            <TextInput
              label={t('fields.goodsAppearance')}
              placeholder={t('file.goodsAppearancePlaceholder')}
              value={header.goodsAppearance}
              onChange={(event) => change({ goodsAppearance: event.currentTarget.value })}
              maxLength={100}
              error={error('goodsAppearance')}
              data-testid="file-appearance"
            />
            <NumberInput
              label={t('fields.packages')}
              value={header.packages}
              onChange={(value) => change({ packages: value })}
              min={0}
              max={100_000}
              allowDecimal={false}
              allowNegative={false}
              error={error('packages')}
              data-testid="file-packages"
            />
            <NumberInput
              label={t('fields.weightKg')}
              value={header.weightKg}
              onChange={(value) => change({ weightKg: value })}
              min={0}
              max={100_000}
              decimalScale={3}
              decimalSeparator=","
              allowNegative={false}
              error={error('weightGrams')}
              data-testid="file-weight"
            />
          </SimpleGrid>
          <Textarea
            label={t('fields.notes')}
            value={header.notes}
            onChange={(event) => change({ notes: event.currentTarget.value })}
            maxLength={2000}
            autosize
            minRows={2}
            error={error('notes')}
            data-testid="file-notes"
          />
        </Stack>
      </Card>
      <Card withBorder radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {t('lines.title')}
          </Title>
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} />}
            onClick={() => setImporting(true)}
            data-testid="lines-import"
          >
            {t('import.open')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" mb="sm">
          {t('lines.hint')}
        </Text>
        {error('lines') && (
          <Text c="red" size="sm" mb="sm" role="alert">
            {error('lines')}
          </Text>
        )}
        <LinesEditor lines={lines} onChange={changeLines} errors={errors} />
      </Card>
      {save.isError && !(save.error instanceof ApiError && save.error.status === 422) && (
        <Alert color="red" role="alert">
          {errorMessage(save.error, t)}
        </Alert>
      )}
      {Object.keys(errors).length > 0 && (
        <Alert color="red" role="alert" data-testid="file-invalid">
          {t('file.invalid')}
        </Alert>
      )}
      <Group justify="space-between">
        <Group gap="xs">
          {mayEdit && (
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              loading={save.isPending}
              onClick={submit}
              data-testid="file-save"
            >
              {t('file.save')}
            </Button>
          )}
          {file && <FileActions file={file} blocked={dirty} />}
        </Group>
        {file && abilities.holds('edit') && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => {
              remove.reset();
              setDeleting(true);
            }}
            data-testid="file-delete"
          >
            {t('list.delete')}
          </Button>
        )}
      </Group>
      {file && dirty && (
        <Text size="sm" c="dimmed">
          {t('file.saveFirst')}
        </Text>
      )}
      <ImportLinesModal
        kind={kind}
        opened={importing}
        onClose={() => setImporting(false)}
        onImport={(answer) => {
          const kept = lines.filter((line) => line.productCode.trim() !== '' || line.quantity.trim() !== '');
          changeLines([...kept, ...answer.lines.map(draftOfLine)]);
          notifications.show({ color: 'teal', message: t('import.done', { count: answer.lines.length }) });
        }}
      />
      {file && (
        <ConfirmModal
          opened={deleting}
          title={t('list.deleteTitle')}
          message={t('list.deleteMessage', { name: fileName(file, t) })}
          confirmLabel={t('list.delete')}
          loading={remove.isPending}
          error={errorMessage(remove.error, t)}
          onClose={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(file.id, {
              onSuccess: () => {
                setDirty(false);
                notifications.show({ color: 'teal', message: t('list.deleted', { name: fileName(file, t) }) });
                setTimeout(() => navigate(`/app/${logisticsFileSlugs[kind]}/list`, { replace: true }));
              },
            })
          }
        />
      )}
    </Stack>
  );
}

/** A side as the DDT names it: name, address, VAT number. */
function SideCard({ label, side }: { label: string; side: LogisticsSide }) {
  const { t } = useTranslation('logistics');
  const place = [side.address, [side.cap, side.city, side.province && `(${side.province})`].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label} · {t(`partyTypes.${side.type}`)}
      </Text>
      <Text fw={500}>
        {side.companyName && side.type === 'warehouse' ? `${side.name} · ${side.companyName}` : side.name}
      </Text>
      {place && <Text size="sm">{place}</Text>}
      {side.vatNumber && (
        <Text size="sm" c="dimmed">
          {t('file.vatNumber', { vat: side.vatNumber })}
        </Text>
      )}
    </div>
  );
}

/** A sent file: its header and lines as they will travel, with the actions its state allows. */
function FileView({ file }: { file: LogisticsFile }) {
  const { t } = useTranslation('logistics');
  const differences = new Map(file.receivedDifferences.map((one) => [one.position, one.receivedQuantity]));
  const facts: [string, string][] = [
    [t('fields.date'), formatDate(file.date)],
    [t('fields.documentNumber'), file.documentNumber ?? t('file.notNumbered')],
    ...(file.documentDate ? ([[t('fields.documentDate'), formatDate(file.documentDate)]] as [string, string][]) : []),
    ...(file.kind === 'inFile'
      ? ([
          [t('fields.supplierDocumentNumber'), file.supplierDocumentNumber || '—'],
          [t('fields.supplierDocumentDate'), formatDate(file.supplierDocumentDate) || '—'],
        ] as [string, string][])
      : []),
    [t('fields.transportReason'), t(`transportReasons.${file.transportReason}`)],
    [
      t('fields.carriedBy'),
      file.carriedBy === 'carrier'
        ? `${t('carriedBy.carrier')}: ${file.carrierName}`
        : t(`carriedBy.${file.carriedBy}`),
    ],
    [t('fields.goodsAppearance'), file.goodsAppearance || '—'],
    [t('fields.packages'), file.packages === null ? '—' : String(file.packages)],
    [
      t('fields.weightKg'),
      file.weightGrams === null ? '—' : new Intl.NumberFormat('it-IT').format(file.weightGrams / 1000),
    ],
    [t('file.createdBy'), `${file.createdBy} · ${formatDateTime(file.createdAt)}`],
    ...(file.processedAt ? ([[t('file.processedAt'), formatDateTime(file.processedAt)]] as [string, string][]) : []),
    ...(file.emailedAt ? ([[t('file.emailedAt'), formatDateTime(file.emailedAt)]] as [string, string][]) : []),
  ];
  return (
    <Stack gap="md">
      <Card withBorder radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
          <SideCard label={t('fields.from')} side={file.from} />
          <SideCard label={t('fields.to')} side={file.to} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" data-testid="file-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="sm">
                <bdi>{value}</bdi>
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {file.notes && (
          <Text size="sm" mt="md" style={{ whiteSpace: 'pre-wrap' }}>
            {file.notes}
          </Text>
        )}
      </Card>
      {file.receivedAt && (
        <Alert color={file.receivedWithDifferences ? 'orange' : 'teal'} data-testid="file-received">
          {t(file.receivedWithDifferences ? 'file.receivedWithDifferences' : 'file.received', {
            at: formatDateTime(file.receivedAt),
          })}
        </Alert>
      )}
      <Card withBorder radius="md" padding={0}>
        <Title order={2} size="h4" p="md">
          {t('lines.titleCount', { count: file.lineCount })} · {t('lines.pieces', { count: file.totalQuantity })}
        </Title>
        <ResponsiveTable verticalSpacing="xs" data-testid="file-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.productCode')}</Table.Th>
              <Table.Th>{t('fields.description')}</Table.Th>
              <Table.Th ta="end">{t('fields.quantity')}</Table.Th>
              <Table.Th ta="end">{t('fields.unitPrice')}</Table.Th>
              <Table.Th>{t('fields.lot')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {file.lines.map((line) => (
              <Table.Tr key={line.position}>
                <Table.Td dir="ltr">{line.productCode}</Table.Td>
                <Table.Td data-label={t('fields.description')}>{line.description}</Table.Td>
                <Table.Td data-label={t('fields.quantity')} ta="end">
                  {line.quantity}
                  {differences.has(line.position) && (
                    <Text span c="orange" size="sm">
                      {' '}
                      ({t('file.receivedQuantity', { quantity: differences.get(line.position) })})
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label={t('fields.unitPrice')} ta="end">
                  {line.unitPriceCents === null ? '—' : <Money cents={line.unitPriceCents} />}
                </Table.Td>
                <Table.Td data-label={t('fields.lot')}>{line.lot || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      </Card>
      <FileActions file={file} blocked={false} />
    </Stack>
  );
}

export default function LogisticsFilePage() {
  const kind = useLogisticsKind();
  const { fileId } = useParams();
  // The kinds share this page: each file (and each new one) starts from its own state.
  return <FilePage key={`${kind}-${fileId ?? 'new'}`} kind={kind} />;
}

function FilePage({ kind }: { kind: LogisticsFileKind }) {
  const { t } = useTranslation('logistics');
  useLogisticsLive();
  const params = useParams();
  const id = params.fileId ? Number(params.fileId) : null;
  const abilities = useLogisticsAbilities(kind);
  const file = useLogisticsFile(kind, id);
  const back = (
    <Anchor component={Link} to={`/app/${logisticsFileSlugs[kind]}/list`} size="sm">
      {t('file.backToList')}
    </Anchor>
  );
  if (id !== null && !file.data) {
    return (
      <>
        <PageHeader title={t(`kinds.${kind}.one`)} actions={back} />
        <QueryPlaceholder query={file} />
      </>
    );
  }
  const loaded = file.data ?? null;
  // A shop-out file is edited only while being created (§2); any other kind while saved, by who may edit it.
  const editable = loaded === null || (loaded.state === 'saved' && kind !== 'shopOutFile' && abilities.holds('edit'));
  return (
    <>
      <PageHeader
        // The number isolated (U+2066…U+2069), so "1/DDT" reads the same in Arabic.
        title={loaded ? `${t(`kinds.${kind}.one`)} \u2066${fileName(loaded, t)}\u2069` : t(`kinds.${kind}.create`)}
        description={loaded ? undefined : t(`kinds.${kind}.description`)}
        actions={
          <>
            {loaded && <FileStateBadge state={loaded.state} size="lg" />}
            {back}
          </>
        }
      />
      {editable ? (
        // Keyed by the file's version: the form starts again from what the server answered after a change elsewhere.
        <FileForm key={loaded ? `${loaded.id}-${loaded.state}` : 'new'} kind={kind} file={loaded} />
      ) : (
        loaded && (
          <>
            {loaded.givenBackReason && loaded.state === 'saved' && (
              <Alert color="orange" mb="md" title={t('file.givenBack')} data-testid="given-back">
                {loaded.givenBackReason}
              </Alert>
            )}
            <FileView file={loaded} />
          </>
        )
      )}
    </>
  );
}
