// Shop › shop/bds/archive/{id} (issue 25): one of the shop's delivery notes — who sent it, to whom and where, why and
// how the goods travel, its lines — with its DDT as PDF. A note addressed to the session's shop and not yet confirmed
// offers the "received" confirmation: every line's received quantity starts at what was sent, a line that differs is
// highlighted and counted, and a question recaps the differences before the one-time confirmation is sent.
import type { LogisticsFile, LogisticsLine, LogisticsSide } from '@bottega/contracts/logistics';
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPackageImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/error-message';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { DownloadButton } from '../../../ui/download-button';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useAuthUser } from '../../auth/auth.api';
import { directionOf } from '../delivery-note-format';
import { ddtFileName, downloadDdt, useDeliveryNote, useReceiveDeliveryNote } from '../delivery-notes.api';

/** A difference as the shop reads it: "+2" for more than sent, "−1" for less. */
function signed(value: number): string {
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0';
}

/** Any difference is for the warehouse to look at: one colour, dark enough on white and light enough on dark (AA). */
const differenceColor = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))';

export default function DeliveryNotePage() {
  const { t } = useTranslation(['delivery-notes', 'errors']);
  const id = Number(useParams().fileId);
  const note = useDeliveryNote(id);
  const back = (
    <Group>
      <Button variant="default" component={Link} to="/app/shop/bds/archive">
        {t('backToList')}
      </Button>
    </Group>
  );
  if (!note.data) {
    return (
      <Stack>
        {back}
        <QueryPlaceholder query={note} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {back}
      <Note note={note.data} />
    </Stack>
  );
}

function SideCard({ title, side }: { title: string; side: LogisticsSide }) {
  const place = [side.address, [side.cap, side.city, side.province && `(${side.province})`].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {title}
      </Text>
      <Text fw={600}>{side.name}</Text>
      {side.companyName && <Text size="sm">{side.companyName}</Text>}
      {place && <Text size="sm">{place}</Text>}
      {side.vatNumber && (
        <Text size="sm" c="dimmed">
          {side.vatNumber}
        </Text>
      )}
    </Card>
  );
}

function Note({ note }: { note: LogisticsFile }) {
  const { t } = useTranslation(['delivery-notes', 'errors']);
  const user = useAuthUser();
  const shopId = user.data?.shop?.id ?? null;
  const way = directionOf(note, shopId);
  const number = note.documentNumber ?? `#${note.id}`;
  useDocumentTitle(t('note.titleOf', { number }));
  const canReceive =
    way === 'in' && note.receivedAt === null && (user.data?.can ?? []).includes('logistics.shopOutFile.edit');
  const received = new Map(note.receivedDifferences.map((line) => [line.position, line.receivedQuantity]));
  const fact = (label: string, value: string | number | null) =>
    value === null || value === '' ? null : (
      <div key={label}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" dir="auto">
          {value}
        </Text>
      </div>
    );

  return (
    <>
      <PageHeader
        // Isolated: "41/DDT" reads the same in a right-to-left heading.
        title={t('note.titleOf', { number: `\u2066${number}\u2069` })}
        description={t(`kinds.${note.kind}`)}
        actions={
          <DownloadButton download={() => downloadDdt(note)} label={t('pdf')} fileName={ddtFileName(note)}>
            {t('pdf')}
          </DownloadButton>
        }
      />
      {note.receivedAt !== null && (
        <Alert
          color={note.receivedWithDifferences ? 'orange' : 'green'}
          icon={note.receivedWithDifferences ? <IconAlertTriangle size={18} /> : <IconCircleCheck size={18} />}
          data-testid="note-received-alert"
        >
          {t(note.receivedWithDifferences ? 'received.confirmedWithDifferences' : 'received.confirmed', {
            when: formatDateTime(note.receivedAt),
          })}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SideCard title={t('fields.sender')} side={note.from} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SideCard title={t('fields.recipient')} side={note.to} />
        </Grid.Col>
      </Grid>
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {[
            fact(t('fields.date'), formatDate(note.documentDate ?? note.date)),
            fact(t('fields.reason'), t(`reasons.${note.transportReason}`)),
            fact(
              t('fields.carriedBy'),
              note.carriedBy === 'carrier' ? note.carrierName : t(`carriedBy.${note.carriedBy}`),
            ),
            fact(t('fields.appearance'), note.goodsAppearance),
            fact(t('fields.packages'), note.packages),
            fact(t('fields.weight'), note.weightGrams === null ? null : t('weightKg', { kg: note.weightGrams / 1000 })),
            fact(t('fields.processedAt'), note.processedAt ? formatDateTime(note.processedAt) : null),
          ]}
        </SimpleGrid>
        {note.notes && (
          <Text size="sm" mt="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
            {note.notes}
          </Text>
        )}
      </Card>
      {canReceive ? (
        <ReceiveForm note={note} />
      ) : (
        <Card withBorder padding={0}>
          <Title order={2} size="h4" p="md" pb={0}>
            {t('lines.title')}
          </Title>
          <LinesTable lines={note.lines} received={note.receivedAt === null ? null : received} />
        </Card>
      )}
    </>
  );
}

/** The lines as sent; once confirmed with differences, what the shop counted beside each line that differed. */
function LinesTable({ lines, received }: { lines: LogisticsLine[]; received: Map<number, number> | null }) {
  const { t } = useTranslation('delivery-notes');
  return (
    <ResponsiveTable verticalSpacing="xs" data-testid="note-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('lines.code')}</Table.Th>
          <Table.Th>{t('lines.description')}</Table.Th>
          <Table.Th>{t('lines.lot')}</Table.Th>
          <Table.Th ta="end">{t('lines.sent')}</Table.Th>
          {received && received.size > 0 && <Table.Th ta="end">{t('lines.received')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => {
          const counted = received?.get(line.position);
          return (
            <Table.Tr key={line.position} data-testid={`note-line-${line.position}`}>
              <Table.Td>
                <Text fw={500} size="sm">
                  {line.productCode}
                </Text>
              </Table.Td>
              <Table.Td data-label={t('lines.description')}>{line.description}</Table.Td>
              <Table.Td data-label={t('lines.lot')}>{line.lot || '—'}</Table.Td>
              <Table.Td data-label={t('lines.sent')} ta="end">
                {line.quantity}
              </Table.Td>
              {received && received.size > 0 && (
                <Table.Td data-label={t('lines.received')} ta="end">
                  {counted === undefined ? (
                    line.quantity
                  ) : (
                    <Text span fw={700} size="sm" c={differenceColor} dir="ltr">
                      {counted} ({signed(counted - line.quantity)})
                    </Text>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ResponsiveTable>
  );
}

function ReceiveForm({ note }: { note: LogisticsFile }) {
  const { t } = useTranslation(['delivery-notes', 'errors']);
  const receive = useReceiveDeliveryNote(note.id);
  const [counts, setCounts] = useState<Record<number, number | ''>>(() =>
    Object.fromEntries(note.lines.map((line) => [line.position, line.quantity])),
  );
  const [asking, setAsking] = useState(false);
  const countOf = (line: LogisticsLine) => {
    const value = counts[line.position];
    return value === '' || value === undefined ? 0 : value;
  };
  const differing = note.lines.filter((line) => countOf(line) !== line.quantity);
  const confirm = () =>
    receive.mutate(
      { lines: note.lines.map((line) => ({ position: line.position, receivedQuantity: countOf(line) })) },
      { onSuccess: () => setAsking(false) },
    );

  return (
    <Card withBorder padding={0} data-testid="note-receive">
      <Stack gap={4} p="md" pb={0}>
        <Title order={2} size="h4">
          {t('receive.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('receive.hint')}
        </Text>
      </Stack>
      <ResponsiveTable verticalSpacing="xs" data-testid="note-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('lines.code')}</Table.Th>
            <Table.Th>{t('lines.description')}</Table.Th>
            <Table.Th ta="end">{t('lines.sent')}</Table.Th>
            <Table.Th>{t('lines.received')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {note.lines.map((line) => {
            const difference = countOf(line) - line.quantity;
            return (
              <Table.Tr
                key={line.position}
                data-testid={`note-line-${line.position}`}
                data-differs={difference !== 0 || undefined}
                bg={difference !== 0 ? 'var(--mantine-color-orange-light)' : undefined}
              >
                <Table.Td>
                  <Text fw={500} size="sm">
                    {line.productCode}
                  </Text>
                </Table.Td>
                <Table.Td data-label={t('lines.description')}>{line.description}</Table.Td>
                <Table.Td data-label={t('lines.sent')} ta="end">
                  {line.quantity}
                </Table.Td>
                <Table.Td data-label={t('lines.received')}>
                  <Group gap="xs" wrap="nowrap">
                    <NumberInput
                      aria-label={t('receive.quantityOf', { code: line.productCode })}
                      min={0}
                      max={1_000_000}
                      allowDecimal={false}
                      allowNegative={false}
                      value={counts[line.position] ?? ''}
                      onChange={(value) =>
                        setCounts((all) => ({ ...all, [line.position]: typeof value === 'number' ? value : '' }))
                      }
                      w={110}
                      data-testid="note-received-quantity"
                    />
                    {difference !== 0 && (
                      <Badge color="orange" variant="light" dir="ltr" data-testid="note-line-difference">
                        {signed(difference)}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </ResponsiveTable>
      <Group justify="space-between" p="md">
        <Text size="sm" c={differing.length > 0 ? differenceColor : 'dimmed'} data-testid="note-differences">
          {differing.length > 0 ? t('receive.differences', { count: differing.length }) : t('receive.noDifferences')}
        </Text>
        <Button
          leftSection={<IconPackageImport size={16} />}
          onClick={() => {
            receive.reset();
            setAsking(true);
          }}
          data-testid="note-receive-button"
        >
          {t('receive.action')}
        </Button>
      </Group>
      <ConfirmModal
        opened={asking}
        title={t('receive.confirmTitle')}
        message={
          differing.length > 0
            ? t('receive.confirmDifferences', {
                count: differing.length,
                lines: differing
                  .map((line) => `${line.productCode} ${signed(countOf(line) - line.quantity)}`)
                  .join(', '),
              })
            : t('receive.confirmSame')
        }
        confirmLabel={t('receive.confirm')}
        loading={receive.isPending}
        error={receive.error ? errorMessage(receive.error, t) : null}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
    </Card>
  );
}
