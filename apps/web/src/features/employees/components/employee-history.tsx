// Who changed the employee, when and what: fields, groups and shops, type, documents.
import type { EmployeeHistoryEntry, EmployeeType } from '@bottega/contracts/employees';
import { Card, Group, Pagination, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { useEmployeeHistory } from '../employees.api';

type Named = { id: number; name?: string };
type HistoryData = {
  changes?: Record<string, { from: unknown; to: unknown }>;
  passwordChanged?: boolean;
  kind?: string;
  fileName?: string;
  groups?: Named[];
};

const names = (list: unknown) =>
  Array.isArray(list) && list.length > 0 ? (list as Named[]).map((item) => item.name ?? `#${item.id}`).join(', ') : '—';

function Details({ entry }: { entry: EmployeeHistoryEntry }) {
  const { t } = useTranslation('employees');
  const data = (entry.data ?? {}) as HistoryData;
  const { groups, shops, ...fields } = data.changes ?? {};
  const changedFields = Object.keys(fields);
  return (
    <Stack gap={2}>
      {entry.action === 'employee.typeChanged' && (
        <Text size="sm">
          {t(`types.${entry.fromState as EmployeeType}`)} → {t(`types.${entry.toState as EmployeeType}`)}
        </Text>
      )}
      {changedFields.length > 0 && (
        <Text size="sm">
          {t('history.fieldsChanged')}: {changedFields.map((field) => t(`fields.${field}`)).join(', ')}
        </Text>
      )}
      {groups && (
        <Text size="sm">
          {t('fields.groupIds')}: <bdi>{names(groups.from)}</bdi> → <bdi>{names(groups.to)}</bdi>
        </Text>
      )}
      {shops && <Text size="sm">{t('history.shopsChanged')}</Text>}
      {data.passwordChanged && <Text size="sm">{t('history.passwordChanged')}</Text>}
      {data.kind && data.fileName && (
        <Text size="sm">
          {t(`documents.kinds.${data.kind}`)}: <bdi>{data.fileName}</bdi>
        </Text>
      )}
    </Stack>
  );
}

export function EmployeeHistory({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation('employees');
  const [page, setPage] = useState(1);
  const history = useEmployeeHistory(employeeId, page);
  const entries = history.data?.data ?? [];
  const totalPages = Math.ceil((history.data?.meta.total ?? 0) / 10);
  return (
    <Card withBorder padding="lg">
      <Group gap="xs" mb="md">
        <IconHistory size={18} />
        <Title order={2} size="h4">
          {t('history.title')}
        </Title>
      </Group>
      {history.isPending ? (
        <Stack gap="sm">
          <Skeleton h={40} />
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} data-testid="employee-history">
          {entries.map((entry) => (
            <Timeline.Item key={entry.id} title={t(`history.actions.${entry.action}`, { defaultValue: entry.action })}>
              <Text size="xs" c="dimmed" mb={4}>
                <bdi>{entry.actor ?? t('history.system')}</bdi> · {formatDateTime(entry.at)}
              </Text>
              <Details entry={entry} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {totalPages > 1 && <Pagination mt="md" size="sm" value={page} onChange={setPage} total={totalPages} />}
    </Card>
  );
}
